import Foundation
import TermindApplication
import TermindDomain
import TermindInfrastructure

/// `termind edit [--yes] [--force] [--create] [--json] HOST:PATH`: a remote file in the
/// person's editor through a managed local copy (`RemoteEditSession`, docs/behaviour.md §4).
struct EditCommand: Command {
    static let definition = CommandDefinition(
        name: "edit", abstract: "Edit a remote file in $VISUAL or $EDITOR and upload it back",
        discussion: """
            Fetches HOST:PATH into a private copy (mode 0600, in a new directory of its own under
            $XDG_CACHE_HOME/termind/edit/, default ~/.cache), opens it in $VISUAL, else $EDITOR,
            else vi (run by /bin/sh -c like git, so EDITOR="code --wait" works), and when the
            editor exits compares its SHA-256 with the copy's as fetched. Unchanged: nothing is
            uploaded. Changed: asks on the terminal before uploading; --yes uploads without
            asking; with no terminal (or --batch) and no --yes it exits 6, keeping the copy.
            Before the upload, and again just before the rename, the remote file is read
            again: if its content (SHA-256) is not the one fetched, or its kind, size,
            modification time or mode changed, the upload is refused (exit 1, naming the remote
            file and your kept copy) unless --force.
            The upload goes through a temporary file beside the remote one and a rename, and
            keeps the remote file's permission bits; when a rename would change the file's
            owner, group or hard links (another owner, more than one link, a directory you
            cannot create files in, or one that cannot be told) the copy is written over the
            file in place instead, and the message says why; if that write stops midway, the
            message says the file is partly overwritten and how to restore it from your copy.
            A symlink is followed and its target edited. A missing PATH
            is refused unless --create, which starts from an empty file and creates it with
            mode 0644. One edit of a file at a time on this machine: a second is refused
            (exit 1) naming the first. Whenever the copy is kept (not uploaded, refused,
            failed) its path is printed on stdout and the message says why; an uploaded or
            unchanged copy is removed.
            """,
        arguments: [.init("HOST:PATH", .remoteLocation, help: "The remote file, e.g. web:/etc/nginx/nginx.conf")],
        options: ConnectionOptions.definitions + [
            ConnectionOptions.ioTimeout,
            .flag("yes", short: "y", help: "Upload a changed copy without asking"),
            .flag("force", help: "Upload even if the remote file's content changed since it was fetched (overwrites that change)"),
            .flag("create", help: "Create PATH (mode 0644) when it does not exist, from an empty copy"),
            .flag("json", help: "The result as a JSON object on stdout: result, file, copy, bytes, sha256, inPlace, error"),
        ],
        examples: [
            "termind edit web:/etc/nginx/nginx.conf",
            "EDITOR='code --wait' termind edit deploy@10.0.0.5:2222:app/.env",
            "termind edit --create web:notes/todo.txt",
        ])

    let destination: String
    let path: String
    let yes: Bool
    let force: Bool
    let create: Bool
    let json: Bool
    let options: ConnectionOptions

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        let argument = parsed.argument("HOST:PATH")!
        guard case .remote(let destination, let path) = try FileLocation(parsing: argument) else {
            throw UsageError("'\(argument)' is a local path; give HOST:PATH (for local files, run your editor)")
        }
        self.destination = destination
        self.path = path
        yes = parsed.flag("yes")
        force = parsed.flag("force")
        create = parsed.flag("create")
        json = parsed.flag("json")
        options = ConnectionOptions(parsed)
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let access = try ConnectionAccess(context, options: options)
        let sites = TransferSites(access: access)
        let edited: EditedFile
        let session: RemoteEditSession
        do {
            let (destination, path) = (destination, path)
            let remote = try await InterruptibleRun.run("connecting for the edit") {
                try await sites.endpoint(for: .remote(destination: destination, path: path))
            }
            session = RemoteEditSession(
                remote: remote.site, local: .local(LocalFileSystem()), copies: EditCopyDirectories(paths: access.paths),
                editor: SpawnedEditor(environment: context.environment),
                engine: TransferEngine(parallel: 1, store: PartialTransferFiles(paths: access.paths)))
            let create = create
            edited = try await InterruptibleRun.run("fetching the file to edit") { try await session.open(path, create: create) }
        } catch {
            await sites.close()
            return failedToOpen(error, context)
        }
        let report = await session.finish(edited, force: force, consent: consent(for: edited))
        await sites.close()
        if json {
            context.out(try JSONOutput.text(EditReportView(report)))
        } else if let copy = report.keptCopy {
            context.out(copy + "\n")
        }
        context.err(Self.message(report))
        return report.outcome.exitCode.rawValue
    }

    /// `--yes`; else y/N on the terminal; else nothing may ask.
    private func consent(for edited: EditedFile) -> UploadConsent {
        if yes { return .given }
        guard options.mayPrompt else {
            return .unavailable(InteractionRequired(
                need: "a decision whether to upload the changed copy", remedy: "pass --yes to upload without asking"))
        }
        return .ask { edited in
            guard let console = Console(path: "/dev/tty") else { return false }
            let answer = try console.readLine(prompt: "Upload your changes to \(TerminalSafeText(edited.file.description).text)? [y/N] ", echo: true) ?? []
            let text = String(decoding: answer, as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased()
            return text == "y" || text == "yes"
        }
    }

    /// Nothing was fetched (or it was removed again): the failure, with `--create`'s hint for
    /// a missing file.
    private func failedToOpen(_ error: any Error, _ context: CommandContext) -> Int32 {
        if let refusal = error as? RemoteEditError {
            let hint = refusal.kind == .missing ? " (pass --create to create it)" : ""
            context.err("termind: \(TerminalSafeText(refusal.file.description).text): \(refusal.detail)\(hint)\n")
        } else {
            context.err(ConnectionAccess.message(for: error))
        }
        return (error as? any CategorizedFailure)?.exitCode.rawValue ?? ExitCode.failure.rawValue
    }

    /// What became of the edit, for stderr; the remote path shown with its control characters
    /// escaped (a server named it), the copy's path as it is (Termind named it).
    static func message(_ report: RemoteEditReport) -> String {
        let file = TerminalSafeText(report.edited.file.description).text
        let kept = report.keptCopy.map { "your copy is kept at \($0)" }
        let text: String
        switch report.outcome {
        case .unchanged:
            text = "\(file): unchanged; nothing was uploaded"
        case .uploaded(let bytes, _):
            let mode = report.edited.opened?.permissions.map { "mode \(FileVersion.octal($0)) kept" }
                ?? "created with mode \(FileVersion.octal(RemoteEditSession.newFilePermissions))"
            let how = report.inPlace.map { "; written in place: \($0)" } ?? ""
            text = "\(file): uploaded \(bytes) bytes (\(mode)\(how))"
        case .declined:
            text = "\(file): not uploaded; \(kept ?? "")"
        case .consentRequired(let required):
            text = "termind: \(file) was changed: \(required); \(kept ?? "")"
        case .remoteChanged(let refusal):
            text = "termind: \(file): \(refusal.detail); \(kept ?? ""); edit the file again and carry your changes over, "
                + "or run the edit with --force to overwrite the other change"
        case .editorFailed(let failure):
            text = "termind: \(failure)" + (kept.map { "; \($0)" } ?? "")
        case .failed(let failure, _):
            text = "termind: \(TerminalSafeText.message(failure.description)); \(kept ?? "")"
        }
        return text + "\n"
    }
}
