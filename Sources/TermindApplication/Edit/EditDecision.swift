/// What follows an editor's exit (docs/behaviour.md §4): the SHA-256 of the copy before and
/// after tells whether it changed; an unchanged copy uploads nothing; a changed one goes back
/// only with the person's consent.
public enum EditDecision: Sendable, Equatable {
    /// The copy is as it was opened: nothing to upload, the copy is removed.
    case nothingToUpload
    case upload
    /// Ask the person (y/N, a dialog).
    case ask
    /// Changed, and nothing may ask: the copy is kept and its path told.
    case keepCopy(InteractionRequired)

    public static func after(openedDigest: String, editedDigest: String, consent: UploadConsent) -> EditDecision {
        guard openedDigest != editedDigest else { return .nothingToUpload }
        switch consent {
        case .given: return .upload
        case .ask: return .ask
        case .unavailable(let required): return .keepCopy(required)
        }
    }
}
