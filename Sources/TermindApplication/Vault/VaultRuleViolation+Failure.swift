import TermindDomain

/// A broken Vault rule (a taken label, a missing jump host, a record in use) exits 1 with
/// its message.
extension VaultRuleViolation: CategorizedFailure {
    public var exitCode: ExitCode { .failure }
}
