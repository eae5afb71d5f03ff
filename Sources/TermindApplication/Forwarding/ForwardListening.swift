import TermindDomain

/// A forwarding rule that listens: where (the address and port actually bound, so port 0
/// shows the port chosen) and on which side.
public struct ForwardListening: Sendable, Equatable {
    public let rule: ForwardRule
    /// The bound address as text (`127.0.0.1`, `::1`); for a remote rule, the address asked of
    /// the server.
    public let address: String
    public let port: Int

    public init(rule: ForwardRule, address: String, port: Int) {
        self.rule = rule
        self.address = address
        self.port = port
    }

    /// `127.0.0.1:8080`, `[::1]:8080`.
    public var endpoint: String { address.contains(":") ? "[\(address)]:\(port)" : "\(address):\(port)" }
}
