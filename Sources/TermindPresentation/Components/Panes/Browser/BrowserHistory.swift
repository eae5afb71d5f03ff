/// A browser's back and forward lists, as a web browser keeps them: going somewhere new puts
/// the directory left on the back list and forgets the forward one. A plain value.
struct BrowserHistory: Equatable, Sendable {
    private(set) var back: [String] = []
    private(set) var forward: [String] = []
    /// Enough to walk back through a session's wanderings; the oldest are dropped.
    static let limit = 100

    /// The person left `current` for somewhere new.
    mutating func leave(_ current: String) {
        if back.last != current { back.append(current) }
        if back.count > Self.limit { back.removeFirst(back.count - Self.limit) }
        forward = []
    }

    /// The directory to go back to from `current`, if any.
    mutating func goBack(from current: String) -> String? {
        guard let target = back.popLast() else { return nil }
        forward.append(current)
        return target
    }

    /// The directory to go forward to from `current`, if any.
    mutating func goForward(from current: String) -> String? {
        guard let target = forward.popLast() else { return nil }
        back.append(current)
        return target
    }
}
