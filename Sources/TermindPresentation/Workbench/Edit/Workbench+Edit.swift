import TermindApplication
import TermindDomain

// A browser's `e` (docs/behaviour.md §4): the file in the person's editor, the screen lent to
// the editor while it runs. A Host's file goes through `RemoteEditSession` behind the services
// (the managed copy, the SHA-256 before and after, the checked upload): its rules decide, and
// here are only the question, the words and the screen. This machine's file is edited in place.

extension Workbench {
    /// One edit from the key to its last word (run by the effect runner's `.editFile`).
    func runEdit(_ edit: FileEdit) async {
        guard let process = services.fileEditor() else {
            message = "editing is not available here"
            return
        }
        let editor = SuspendingEditor(
            editor: process,
            suspend: { [weak self] in self?.screen?.suspendScreen() },
            resume: { [weak self] in self?.screenResumed() })
        switch edit.side {
        case .local:
            await editLocalFile(edit.path, with: editor)
        case .remote(let label):
            await editRemoteFile(edit, host: label, with: editor)
        }
        // Its size and time changed (or an upload replaced it): the pane lists again.
        if let browser = panes[edit.pane] as? BrowserPane { run(browser.refresh(), for: edit.pane) }
    }

    private func screenResumed() {
        screen?.resumeScreen()
        onChange()
    }

    private func editLocalFile(_ path: String, with editor: SuspendingEditor) async {
        let shown = TerminalSafeText(path).text
        message = "editing \(shown)"
        onChange()
        do {
            try await editor.edit(path)
            message = "\(shown): the editor closed; a file of this machine, nothing to upload"
        } catch {
            message = TerminalSafeText.message(String(describing: error))
        }
    }

    private func editRemoteFile(_ edit: FileEdit, host: String, with editor: SuspendingEditor) async {
        let file = "\(host):\(edit.path)"
        guard let fileSystem = browserLinks[edit.pane]?.fileSystem else {
            message = "\(TerminalSafeText(file).text): the browser is not connected"
            return
        }
        message = "fetching \(TerminalSafeText(file).text) for the editor…"
        onChange()
        let consent = UploadConsent.ask { [weak self] edited in await self?.askUpload(edited) ?? false }
        do {
            let report = try await services.editRemoteFile(edit.path, on: fileSystem, editor: editor, consent: consent)
            show(report)
        } catch {
            message = nil
            editDialog = .report("Cannot edit \(TerminalSafeText(file).text)", [Self.failure(error).text, "Nothing was uploaded."])
        }
    }

    // MARK: - The question

    /// Asks whether the changed copy goes back; false when the person keeps it (or quits).
    private func askUpload(_ edited: EditedFile) async -> Bool {
        answerUpload(false)  // never two questions at once
        message = nil
        editDialog = .upload(edited.file.description, opened: edited.opened)
        dispatcher.reset()
        onChange()
        return await withCheckedContinuation { editing.uploadAnswer = $0 }
    }

    /// The waiting edit gets `upload`; the question leaves the screen.
    func answerUpload(_ upload: Bool) {
        if editDialog?.kind == .upload { editDialog = nil }
        editing.uploadAnswer?.resume(returning: upload)
        editing.uploadAnswer = nil
    }

    // MARK: - What became of it

    /// A short line when nothing is left behind (unchanged, uploaded); a report naming the kept
    /// copy otherwise. Every path is shown terminal-safe: the server named the file.
    private func show(_ report: RemoteEditReport) {
        let file = TerminalSafeText(report.edited.file.description).text
        let kept = report.keptCopy.map { "Your copy is kept at \(TerminalSafeText($0).text)." } ?? ""
        message = nil
        switch report.outcome {
        case .unchanged:
            message = "\(file): unchanged, nothing uploaded"
        case .uploaded(let bytes, _):
            let mode = report.edited.opened?.permissions.map { "mode \(FileVersion.octal($0)) kept" }
                ?? "created with mode \(FileVersion.octal(RemoteEditSession.newFilePermissions))"
            let how = report.inPlace.map { "; written in place: \($0)" } ?? ""
            message = "\(file): uploaded \(bytes) bytes (\(mode)\(how))"
        case .declined, .consentRequired:
            editDialog = .report("Not uploaded", ["\(file) on the server is as it was.", kept])
        case .remoteChanged(let refusal):
            editDialog = .report("Upload refused: the file changed on the server", [
                "\(file) \(refusal.detail).", kept,
                "Edit the file again and carry your changes over.",
            ])
        case .editorFailed(let failure):
            if report.keptCopy == nil {
                message = TerminalSafeText.message(failure.description)
            } else {
                editDialog = .report("The editor failed", [failure.description + ".", kept])
            }
        case .failed(let failure, _):
            editDialog = .report("Upload failed", [failure.description, kept])
        }
    }
}
