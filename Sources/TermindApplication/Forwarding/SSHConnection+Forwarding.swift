import TermindDomain

extension SSHConnection {
    /// Connections whose transport cannot forward (test doubles) refuse every rule.
    public func forward(_ rule: ForwardRule) async throws -> ForwardListening {
        throw ForwardFailure(rule: rule, detail: "this connection cannot forward ports")
    }
}
