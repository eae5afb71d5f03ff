import TermindDomain

/// A selection naming an unknown item, or one the rules refuse, is a bad value: exit 2.
extension ImportSelectionError: CategorizedFailure {
    public var exitCode: ExitCode { .usage }
}
