import Synchronization

/// The generation token of one connection attempt. Retrying or closing retires it; anything
/// that still carries a retired generation (a late answer, a callback, a timer) is ignored.
public struct AttemptGeneration: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: UInt64

    public init(rawValue: UInt64) { self.rawValue = rawValue }

    private static let counter = Atomic<UInt64>(0)

    /// A generation never handed out before in this process.
    public static func next() -> AttemptGeneration {
        AttemptGeneration(rawValue: counter.add(1, ordering: .relaxed).newValue)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "#\(rawValue)" }
}
