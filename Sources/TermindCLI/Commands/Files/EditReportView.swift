import TermindApplication
import TermindDomain

/// `termind edit --json`: what became of the edit (a contract for scripts). `copy` is the
/// kept local copy, null once it was removed (uploaded or unchanged).
struct EditReportView: Encodable {
    /// `unchanged`, `uploaded`, `declined`, `consent-required`, `remote-changed`,
    /// `editor-failed` or `failed`.
    let result: String
    /// The remote file, `HOST:PATH` (a symlink's target once resolved).
    let file: String
    @NullWhenAbsent var copy: String?
    /// Bytes uploaded.
    @NullWhenAbsent var bytes: UInt64?
    /// SHA-256 of what was uploaded.
    @NullWhenAbsent var sha256: String?
    /// The remote file's permission bits as opened (`0640`), null for a created file.
    @NullWhenAbsent var mode: String?
    /// Why the upload was written over the file in place (`the file is owned by ptk`), null
    /// when it was renamed over it.
    @NullWhenAbsent var inPlace: String?
    /// Why it was not uploaded, when something went wrong.
    @NullWhenAbsent var error: String?

    init(_ report: RemoteEditReport) {
        result = report.outcome.name
        file = report.edited.file.description
        copy = report.keptCopy
        inPlace = report.inPlace
        mode = report.edited.opened?.permissions.map(FileVersion.octal)
        switch report.outcome {
        case .uploaded(let bytes, let sha256):
            self.bytes = bytes
            self.sha256 = sha256
        case .consentRequired(let required): error = required.description
        case .remoteChanged(let refusal): error = refusal.description
        case .editorFailed(let failure): error = failure.description
        case .failed(let failure, _): error = failure.description
        case .unchanged, .declined: break
        }
    }
}
