/// Why a transfer failed, and the partial it left when one is worth resuming (after a full
/// disk, say); a partial that failed verification is removed instead.
public struct TransferFailure: Sendable, CustomStringConvertible {
    /// A `FileSystemError`, `TransferError`, `SSHFailure` or whatever the resolver threw.
    public let error: any Error
    public let partial: PartialFile?

    public init(_ error: any Error, partial: PartialFile? = nil) {
        self.error = error
        self.partial = partial
    }

    public var exitCode: ExitCode { (error as? any CategorizedFailure)?.exitCode ?? .failure }

    /// What the person can do, where the error does not already say (`TransferError` does).
    /// A remote `FileSystemError` (an SFTP one) already ends with what to do there, so only what
    /// it cannot know is added: the partial file to resume. Said once (issue 19).
    public var advice: String? {
        guard let failure = error as? FileSystemError else { return nil }
        let remote = failure.location != "local"
        let resume = partial == nil ? nil : "resume (termind cp --resume) to continue from the partial file"
        switch failure.kind {
        case .noSpace:
            if remote { return resume.map { "then \($0)" } }
            return partial == nil
                ? "free some space there and copy again"
                : "free some space there, then resume (termind cp --resume) to continue from the partial file"
        case .permissionDenied:
            return remote ? nil : "check the permissions there, or copy somewhere you may write"
        case .connectionLost, .protocolViolation:
            return remote ? resume.map { "then \($0)" } : "reconnect, then resume (termind cp --resume)"
        case .timedOut:
            // The error says what to do about the server; only the partial is left to tell.
            return resume
        case .noSuchFile:
            return remote ? nil : "check the path"
        default:
            return nil
        }
    }

    /// The error (what failed, where), the partial kept, and the advice.
    public var description: String {
        var text = "\(error)"
        if let partial { text += "; the partial file \(partial) is kept" }
        // An SFTP error carries its own advice already: said once.
        if let advice, !text.contains(advice) { text += "; \(advice)" }
        return text
    }
}
