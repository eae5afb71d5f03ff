import TermindDomain

/// Why a `ForwardChange` was not written: the rule it changes is no longer on the Host (another
/// termind removed or changed it meanwhile), or the rule it writes is there already. Says what
/// to do; nothing was written.
public struct ForwardChangeRefused: Error, Equatable, CustomStringConvertible {
    public let description: String

    /// `rule` was to be changed or removed, and `host` no longer has it.
    static func gone(_ rule: ForwardRule, host: TermindDomain.Host) -> ForwardChangeRefused {
        let left = host.forwards.isEmpty ? "none" : host.forwards.map(\.rule.stored).joined(separator: ", ")
        return ForwardChangeRefused(description: "Host '\(host.label.rawValue)' no longer has the rule '\(rule.stored)': "
            + "another termind changed it meanwhile (its rules now: \(left)). Nothing was written; "
            + "the list shows the Host as it is now: choose the rule again.")
    }

    /// `rule` was to be written, and `host` has it already.
    static func present(_ rule: ForwardRule, host: TermindDomain.Host) -> ForwardChangeRefused {
        ForwardChangeRefused(description: "Host '\(host.label.rawValue)' already has the rule '\(rule.stored)'.")
    }
}
