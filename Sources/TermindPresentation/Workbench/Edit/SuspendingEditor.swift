import TermindApplication

/// The person's editor as the workbench runs it: the screen is lent to it (`ScreenSuspension`)
/// for as long as it runs and taken back however it ends, so a failed editor never leaves the
/// workbench without its terminal. A plain value.
struct SuspendingEditor: FileEditor {
    /// The editor process (`$VISUAL`, else `$EDITOR`, else `vi`), from the services.
    let editor: any FileEditor
    let suspend: @Sendable @MainActor () -> Void
    let resume: @Sendable @MainActor () -> Void

    func edit(_ path: String) async throws {
        await suspend()
        do {
            try await editor.edit(path)
        } catch {
            await resume()
            throw error
        }
        await resume()
    }
}
