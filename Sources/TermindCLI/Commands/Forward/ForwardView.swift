import TermindApplication
import TermindDomain

/// One forwarding rule's listener (or its failure) as `forward` prints it.
struct ForwardView: Encodable {
    let rule: String
    let kind: String
    /// Where the listener is: `local` (here) or `server`.
    let side: String
    let address: String?
    let port: Int?
    /// `host:port` connections go to; nil for a SOCKS listener.
    let target: String?
    let error: String?

    init(_ listener: ForwardListening) {
        rule = listener.rule.description
        kind = Self.kindName(listener.rule.kind)
        side = listener.rule.kind == .remote ? "server" : "local"
        address = listener.address
        port = listener.port
        target = Self.target(of: listener.rule)
        error = nil
    }

    init(_ failure: ForwardFailure) {
        rule = failure.rule.description
        kind = Self.kindName(failure.rule.kind)
        side = failure.rule.kind == .remote ? "server" : "local"
        address = nil
        port = nil
        target = Self.target(of: failure.rule)
        error = failure.detail
    }

    /// `-L 127.0.0.1:8080 -> localhost:80`, `-R 127.0.0.1:9000 on the server -> localhost:3000`,
    /// `-D 127.0.0.1:1080 (SOCKS)`.
    static func line(_ listener: ForwardListening) -> String {
        let flag = "-\(listener.rule.kind.rawValue)"
        switch listener.rule.kind {
        case .local: return "\(flag) \(listener.endpoint) -> \(target(of: listener.rule) ?? "") (from the server)\n"
        case .remote: return "\(flag) \(listener.endpoint) on the server -> \(target(of: listener.rule) ?? "")\n"
        case .dynamic: return "\(flag) \(listener.endpoint) (SOCKS5, SOCKS4a)\n"
        }
    }

    /// `termind: -L 127.0.0.1:8080: out of file descriptors (limit 1024): new connections wait
    /// until others close (3 times so far)`, on standard error when the listener says so.
    static func shortageLine(_ listener: ForwardListening, _ statistics: ForwardStatistics, limit: Int?) -> String {
        let limitText = limit.map { " (limit \($0))" } ?? ""
        let times = statistics.descriptorShortages == 1 ? "once" : "\(statistics.descriptorShortages) times"
        let waiting = listener.rule.kind == .remote ? "connections from the server are dropped" : "new connections wait"
        return "termind: -\(listener.rule.kind.rawValue) \(listener.endpoint): out of file descriptors\(limitText): "
            + "\(waiting) until others close (\(times) so far)\n"
    }

    private static func kindName(_ kind: ForwardRule.Kind) -> String {
        switch kind {
        case .local: "local"
        case .remote: "remote"
        case .dynamic: "dynamic"
        }
    }

    private static func target(of rule: ForwardRule) -> String? {
        guard let host = rule.targetHost, let port = rule.targetPort else { return nil }
        return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
