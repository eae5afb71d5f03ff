/// How a connection finds out that its server is gone (OpenSSH's `ServerAliveInterval` and
/// `ServerAliveCountMax`): after `interval` seconds with nothing from the server a keepalive
/// asks for an answer, and once `countMax` of them went unanswered the connection counts as
/// lost. An `interval` of 0 sends none (a dead peer is then noticed only by TCP).
public struct Keepalive: Sendable, Hashable, Codable {
    public let interval: Int
    public let countMax: Int

    /// What a Host has unless the person changes it, and what an ad-hoc destination uses.
    public static let standard = Keepalive(unchecked: 30, countMax: 3)
    public static let off = Keepalive(unchecked: 0, countMax: 3)
    /// Up to a day between keepalives; at least one unanswered before giving up.
    public static let intervalRange = 0...86_400
    public static let countMaxRange = 1...1_000

    public init(interval: Int, countMax: Int) throws(VaultRuleViolation) {
        guard Self.intervalRange.contains(interval) else {
            throw .outOfRange(field: "keepalive interval", value: interval, range: Self.intervalRange, unit: "seconds")
        }
        guard Self.countMaxRange.contains(countMax) else {
            throw .outOfRange(field: "keepalive count", value: countMax, range: Self.countMaxRange, unit: nil)
        }
        self.init(unchecked: interval, countMax: countMax)
    }

    private init(unchecked interval: Int, countMax: Int) {
        self.interval = interval
        self.countMax = countMax
    }

    public var isOn: Bool { interval > 0 }
}
