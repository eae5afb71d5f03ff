import TermindDomain

extension SSHConnection {
    /// Connections whose transport cannot forward (test doubles) refuse every rule.
    public func forward(_ rule: ForwardRule) async throws -> ForwardListening {
        throw ForwardFailure(rule: rule, detail: "this connection cannot forward ports")
    }

    /// Nothing listens on connections that cannot forward.
    public func stopForward(_ listening: ForwardListening) async {}

    /// Connections that cannot tell (test doubles) never say they ended.
    public func waitUntilEnded() async -> SSHFailure? {
        await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
        return nil
    }
}
