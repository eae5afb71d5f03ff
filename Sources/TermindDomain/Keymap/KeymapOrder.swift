/// The stable orders the help overlay lists in.
enum KeymapOrder {
    private static let nameRank = Dictionary(
        uniqueKeysWithValues: KeyAction.Name.allCases.enumerated().map { ($1, $0) })

    /// By name as `KeyAction.Name` lists them, then by argument (none first).
    static func actions(_ lhs: KeyAction, _ rhs: KeyAction) -> Bool {
        let (l, r) = (nameRank[lhs.name]!, nameRank[rhs.name]!)
        if l != r { return l < r }
        return (lhs.argument ?? Int.min) < (rhs.argument ?? Int.min)
    }

    /// Direct keys first (quicker to press), then after the prefix; within each, by name.
    static func triggers(prefix: Key) -> (KeyTrigger, KeyTrigger) -> Bool {
        { lhs, rhs in
            if lhs.isDirect != rhs.isDirect { return lhs.isDirect }
            return lhs.keysText(prefix: prefix) < rhs.keysText(prefix: prefix)
        }
    }
}
