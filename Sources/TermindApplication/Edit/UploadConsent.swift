/// Whether a changed copy may go back to the server: given beforehand (`--yes`), asked (a
/// terminal's y/N, the workbench's dialog), or impossible to ask (no terminal, `--batch`).
public enum UploadConsent: Sendable {
    case given
    /// Answers whether to upload `EditedFile`; throwing counts as no (the copy is kept).
    case ask(@Sendable (EditedFile) async throws -> Bool)
    /// Nothing may ask: the copy is kept and the person told what was needed.
    case unavailable(InteractionRequired)
}
