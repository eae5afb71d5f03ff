import TermindDomain

/// A bad value given for a record (a label, port, hostname or username the rules refuse) is a
/// usage error (exit 2), as any other bad value on the command line; a broken Vault rule (a
/// taken label, a missing jump host, a record in use, a loop) exits 1 with its message.
extension VaultRuleViolation: CategorizedFailure {
    public var exitCode: ExitCode {
        switch self {
        case .invalidLabel, .invalidPort, .invalidHostname, .emptyUsername, .outOfRange: .usage
        case .duplicateLabel, .knownHostExists, .missingRecord, .jumpHostMissing, .jumpChainCycle, .recordInUse: .failure
        }
    }
}
