import TermindDomain

/// A forwarding rule that could not start: its listener could not bind (a port in use, an
/// address not here) or the server refused to listen. The other rules are not affected.
public struct ForwardFailure: CategorizedFailure, Equatable {
    public let rule: ForwardRule
    /// What failed, naming the address and port.
    public let detail: String

    public init(rule: ForwardRule, detail: String) {
        self.rule = rule
        self.detail = detail
    }

    public var exitCode: ExitCode { .failure }
    public var description: String { "\(rule): \(detail)" }
}
