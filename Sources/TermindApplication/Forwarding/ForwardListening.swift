import TermindDomain

/// A forwarding rule that listens: where (the address and port actually bound, so port 0
/// shows the port chosen) and on which side, and its counters.
public struct ForwardListening: Sendable, Equatable {
    public let rule: ForwardRule
    /// The bound address as text (`127.0.0.1`, `::1`); for a remote rule, the address asked of
    /// the server.
    public let address: String
    public let port: Int
    /// Which listener of its connection this is (`SSHConnection.stopForward` names it by this).
    public let id: Int
    /// What the listener has carried, updated as it serves.
    public let meter: ForwardMeter

    public init(rule: ForwardRule, address: String, port: Int, id: Int = 0, meter: ForwardMeter = ForwardMeter()) {
        self.rule = rule
        self.address = address
        self.port = port
        self.id = id
        self.meter = meter
    }

    /// `127.0.0.1:8080`, `[::1]:8080`.
    public var endpoint: String { address.contains(":") ? "[\(address)]:\(port)" : "\(address):\(port)" }

    public var statistics: ForwardStatistics { meter.snapshot }

    public static func == (left: Self, right: Self) -> Bool {
        left.rule == right.rule && left.address == right.address && left.port == right.port && left.id == right.id
    }
}
