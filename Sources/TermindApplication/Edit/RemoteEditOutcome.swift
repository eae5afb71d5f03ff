/// How an edit ended. Every case but `unchanged` and `uploaded` keeps the local copy, so no
/// edit is lost (`RemoteEditReport.keptCopy` names it).
public enum RemoteEditOutcome: Sendable {
    /// The copy was not changed: nothing uploaded.
    case unchanged
    /// The copy replaced the remote file (through a partial and a rename, its mode kept).
    case uploaded(bytes: UInt64, sha256: String?)
    /// The person answered no.
    case declined
    /// Changed, and nothing could ask whether to upload it.
    case consentRequired(InteractionRequired)
    /// The remote file is no longer the version opened (`TransferError.destinationChanged`).
    case remoteChanged(TransferError)
    /// The editor failed; the copy is kept only when it changed.
    case editorFailed(EditorFailure)
    /// The upload failed (or the copy could not be read back): the failure says why.
    case failed(TransferFailure, ExitCode)

    /// 0 unchanged or uploaded; 6 when consent was needed; 1 declined, refused or failed
    /// (8 when an upload stopped with a partial kept, as for `termind cp`).
    public var exitCode: ExitCode {
        switch self {
        case .unchanged, .uploaded: .success
        case .consentRequired: .interactionRequired
        case .declined, .remoteChanged, .editorFailed: .failure
        case .failed(_, let code): code
        }
    }

    /// `unchanged`, `uploaded`, `declined`, ... for `--json`.
    public var name: String {
        switch self {
        case .unchanged: "unchanged"
        case .uploaded: "uploaded"
        case .declined: "declined"
        case .consentRequired: "consent-required"
        case .remoteChanged: "remote-changed"
        case .editorFailed: "editor-failed"
        case .failed: "failed"
        }
    }
}
