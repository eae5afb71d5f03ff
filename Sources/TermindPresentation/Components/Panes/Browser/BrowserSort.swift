/// How a browser orders its rows: directories always first, then by name, size or time, each
/// in its natural direction (names A to Z, the largest and the newest first, as `ls -S` and
/// `ls -t`), or reversed. A plain value.
struct BrowserSort: Equatable, Sendable {
    enum Key: String, CaseIterable, Sendable {
        case name, size, time
    }

    var key: Key = .name
    var isReversed = false

    /// The next key in turn (name, size, time, name...), in its natural direction.
    mutating func cycle() {
        let keys = Key.allCases
        key = keys[(keys.firstIndex(of: key)! + 1) % keys.count]
        isReversed = false
    }

    /// True when `a` comes before `b`.
    func orders(_ a: BrowserEntry, before b: BrowserEntry) -> Bool {
        if a.isDirectory != b.isDirectory { return a.isDirectory }
        let (x, y) = isReversed ? (b, a) : (a, b)
        switch key {
        case .name: return Self.nameOrders(x, y)
        case .size: return x.size != y.size ? x.size > y.size : Self.nameOrders(x, y)
        case .time: return x.modified != y.modified ? x.modified > y.modified : Self.nameOrders(x, y)
        }
    }

    /// By the lowercased name, then by the name's own bytes so no two names tie.
    private static func nameOrders(_ a: BrowserEntry, _ b: BrowserEntry) -> Bool {
        if a.sortKey != b.sortKey { return a.sortKey.lexicographicallyPrecedes(b.sortKey) }
        return a.name.utf8.lexicographicallyPrecedes(b.name.utf8)
    }

    /// `by name`, `by size, reversed`, as the path bar shows it.
    var label: String { "by \(key.rawValue)" + (isReversed ? ", reversed" : "") }
}
