import Foundation
import TermindApplication
import TermindDomain

// Browser panes in the workbench: opening one (`C-\ b`: beside a terminal on its Host, at its
// shell's directory; beside a remote browser, this machine's side), and running what a browser
// asks of its file system. Each request runs in a task of the pane's `BrowserLink`; its reply
// goes back to the pane only while the attempt is the link's, and the pane itself drops a
// listing it no longer waits for.

extension Workbench {
    // MARK: - Opening

    /// The `open-browser` action on the focused pane.
    func openBrowser() {
        let current = workspace.focusedPane
        switch panes[current.id] {
        case let terminal as TerminalPane where terminal.hostLabel != nil:
            let label = terminal.hostLabel!
            let directory = terminal.surface.workingDirectory
            openBrowserPane(Pane(kind: .browser, hostID: current.hostID), side: .remote(hostLabel: label), startPath: directory)
            // It follows the shell from the start (`f` stops it).
            (panes[workspace.focusedPaneID] as? BrowserPane)?.follow(current.id, at: directory)
        case let browser as BrowserPane where browser.side != .local:
            openBrowserPane(.localBrowser(), side: .local, startPath: nil)
        case is BrowserPane:
            message = "this browser shows this machine: open a Host's terminal, then C-\\ b beside it"
        default:
            // An empty pane becomes a browser of this machine's files.
            var changed = workspace
            let pane = Pane(id: current.id, kind: .localBrowser, hostID: nil, name: current.name)
            changed.replacePane(pane)
            workspace = changed
            startBrowser(pane.id, side: .local, startPath: nil)
        }
    }

    /// Splits the focused pane for `pane` (a new Workspace when there is no room) and starts it.
    private func openBrowserPane(_ pane: Pane, side: BrowserSide, startPath: String?) {
        focus = .panes
        if !splitFocusedPane(with: pane) {
            workspaces.append(Workspace(name: side.name, pane: pane))
            selectedWorkspace = workspaces.count - 1
        }
        startBrowser(pane.id, side: side, startPath: startPath)
    }

    /// A fresh browser component for pane `id`, opening its file system.
    func startBrowser(_ id: PaneID, side: BrowserSide, startPath: String?) {
        if panes[id] != nil { deliver(.close, to: id) }
        install(BrowserPane(paneID: id, side: side, size: contentSize(of: id, in: workspace), startPath: startPath))
        deliver(.connect, to: id)
    }

    /// After output reached terminal pane `id` (its OSC 7 read with it), or when a browser
    /// starts following it: a browser following it sees a new working directory at once
    /// (each browser ignores one it has seen).
    func followWorkingDirectory(of id: PaneID) {
        guard let terminal = panes[id] as? TerminalPane, let directory = terminal.surface.workingDirectory else { return }
        for case let browser as BrowserPane in panes.values
        where browser.followedPane == id && browser.isFollowing && browser.lastFollowed != directory {
            deliver(.followDirectory(directory), to: browser.paneID)
        }
    }

    // MARK: - Effects

    /// Opens pane `id`'s file system in the background: for a Host, an SFTP session on its
    /// shared connection, or on a connection of its own (an `sftp` Connection History entry)
    /// when the Host does not share; for this machine, its file system at once. The start
    /// directory comes back as `.fileSystemOpened`.
    func openFileSystem(for id: PaneID, side: BrowserSide, generation: AttemptGeneration) {
        browserLinks.removeValue(forKey: id)?.close()
        let link = BrowserLink(generation: generation)
        browserLinks[id] = link
        let shared = sharedConnections
        link.openTask = Task { [weak self, weak link, services] in
            do {
                let fileSystem: any FileSystem
                var remote: (any RemoteFileSystem)?
                var connection: PaneConnection?
                switch side {
                case .local:
                    fileSystem = services.localFileSystem()
                case .remote(let label):
                    guard let self else { return }
                    let opened = try await self.openChannel(on: label, for: id, generation: generation, forFiles: true) {
                        try await $0.openFileSystem()
                    }
                    connection = opened.connection
                    remote = opened.channel
                    fileSystem = opened.channel
                }
                let home: String
                do {
                    home = try await fileSystem.realpath(".")
                } catch {
                    await remote?.close()
                    if let connection { await Self.letGo(connection, in: shared) }
                    throw error
                }
                guard let link, link.serves(generation), !Task.isCancelled, let self else {
                    await remote?.close()
                    if let connection { await Self.letGo(connection, in: shared) }
                    return
                }
                link.attach(fileSystem, remote: remote, connection: connection, shared: shared)
                if let connection { self.watch(connection, of: link, for: id, generation: generation) }
                self.deliverToBrowser(.fileSystemOpened(generation, home: home), to: id, generation: generation)
            } catch {
                self?.deliverToBrowser(.connectFailed(generation, error), to: id, generation: generation)
            }
            self?.run(.watchPendingInteractions)
            self?.onChange()
        }
    }

    /// Tells browser pane `id` when its connection is lost, though no request of its is in
    /// flight (a terminal learns it from its own channel): it shows the loss and offers
    /// Reconnect; a shared connection's other panes are told too.
    private func watch(_ connection: PaneConnection, of link: BrowserLink, for id: PaneID, generation: AttemptGeneration) {
        link.watchTask = Task { [weak self, weak link] in
            guard let failure = await connection.connection.waitUntilEnded(), !Task.isCancelled else { return }
            guard let self, let link, link.serves(generation) else { return }
            self.logger.notice("pane \(id): connection lost: \(failure.description)")
            self.deliverToBrowser(.connectionLost(generation, failure.detail), to: id, generation: generation)
            self.sharedConnectionLost(by: id, lease: connection.lease, detail: failure.detail)
        }
    }

    /// Runs `request` on pane `id`'s file system; the reply goes back to the pane.
    func browse(_ request: BrowserRequest, for id: PaneID, generation: AttemptGeneration) {
        guard let link = browserLinks[id], link.serves(generation), let fileSystem = link.fileSystem else { return }
        let isListing = if case .list = request { true } else { false }
        link.run(listing: isListing) { [weak self] in
            let reply = await Self.answer(request, on: fileSystem)
            guard !Task.isCancelled else { return }
            self?.deliverToBrowser(.browserReply(generation, reply), to: id, generation: generation)
        }
    }

    /// A reply for browser pane `id`, delivered while `generation` is its link's, then shown.
    private func deliverToBrowser(_ event: PaneEvent, to id: PaneID, generation: AttemptGeneration) {
        guard browserLinks[id]?.serves(generation) == true else { return }
        deliver(event, to: id)
        onChange()
    }

    /// Does `request` (off the main actor: a listing of 10,000 entries is prepared there).
    nonisolated static func answer(_ request: BrowserRequest, on fileSystem: any FileSystem) async -> BrowserReply {
        switch request {
        case .list(let path, let number):
            do {
                let resolved = try await fileSystem.realpath(path)
                var files: [RemoteFile] = []
                // In parts, so a listing the person left stops between READDIR replies.
                try await fileSystem.list(resolved) { files += $0 }
                return .listed(listing: number, path: resolved, try await entries(files, on: fileSystem))
            } catch {
                return .listingFailed(listing: number, path: path, failure(error))
            }
        case .count(let paths):
            do {
                return .counted(paths, entries: try await FileTreeRemoval(fileSystem).count(paths))
            } catch {
                return .finished(request, failure: failure(error))
            }
        case .makeDirectory(let path):
            return await finished(request) { try await fileSystem.makeDirectory(path, permissions: 0o777) }
        case .rename(let source, let destination):
            return await finished(request) { try await fileSystem.rename(source, to: destination, replacing: false) }
        case .delete(let paths):
            return await finished(request) { try await FileTreeRemoval(fileSystem).remove(paths) }
        case .changePermissions(let paths, let mode):
            return await finished(request) {
                for path in paths { try await fileSystem.setAttributes(path, FileAttributes(mode: mode)) }
            }
        }
    }

    private nonisolated static func finished(_ request: BrowserRequest, _ body: () async throws -> Void) async -> BrowserReply {
        do {
            try await body()
            return .finished(request, failure: nil)
        } catch {
            return .finished(request, failure: failure(error))
        }
    }

    /// The rows of a listing, with where each symlink points (asked many at a time).
    private nonisolated static func entries(_ files: [RemoteFile], on fileSystem: any FileSystem) async throws -> [BrowserEntry] {
        let links = files.indices.filter { files[$0].kind == .symlink }
        var targets: [Int: String] = [:]
        try await withThrowingTaskGroup(of: (Int, String?).self) { group in
            var next = links.startIndex
            func ask() {
                guard next < links.endIndex else { return }
                let index = links[next]
                next += 1
                let path = files[index].path
                group.addTask { (index, try? await fileSystem.readlink(path)) }
            }
            for _ in 0..<64 { ask() }
            while let (index, target) = try await group.next() {
                targets[index] = target
                ask()
            }
        }
        try Task.checkCancellation()
        return files.indices.map { BrowserEntry(files[$0], linkTarget: targets[$0]) }
    }

    /// A failure as the pane shows it: the path and the server's reason (made safe to show by
    /// the error's own description), and whether the session is gone.
    nonisolated static func failure(_ error: any Error) -> BrowserFailure {
        if let error = error as? FileSystemError {
            let gone: Set<FileSystemError.Kind> = [.connectionLost, .timedOut, .protocolViolation]
            return BrowserFailure(text: error.description, endsSession: gone.contains(error.kind))
        }
        if let failure = error as? SSHFailure { return BrowserFailure(text: failure.description, endsSession: true) }
        if error is CancellationError { return BrowserFailure(text: "cancelled", endsSession: false) }
        if let failure = error as? any CategorizedFailure { return BrowserFailure(text: failure.description, endsSession: false) }
        return BrowserFailure(text: TerminalSafeText(String(describing: error)).text, endsSession: false)
    }

    // MARK: - Copies

    /// A browser's selection to another browser of the shown Workspace, as one Batch of the
    /// transfer queue: into the only other browser at once, or where the person chooses in the
    /// `CopyTargetPicker` when there are several. Either way the status bar names both ends.
    func copySelection(_ copy: BrowserCopy, from id: PaneID) {
        let browser = panes[id] as? BrowserPane
        let source = (browser?.side ?? BrowserSide(hostLabel: copy.sourceHost)).name + ":" + (browser?.path ?? "")
        if copy.destinationDirectory != nil {
            submitCopy(copy, from: source, pane: id)
            return
        }
        switch CopyTargetPicker.Choice(copyTargets(besides: id)) {
        case .nowhere:
            message = "copy to where? open a browser beside this one first (C-\\ b)"
        case .only(let target):
            submitCopy(copy.into(target.side, directory: target.directory), from: source, pane: id)
        case .ask(let targets):
            overlays[CopyTargetPicker.self] = CopyTargetPicker(copy: copy, source: source, targets: targets, sourcePane: id)
        }
    }

    /// The browsers of the shown Workspace a copy from pane `id` can go into (each with a
    /// directory shown), in pane order and numbered as the status bar numbers panes.
    func copyTargets(besides id: PaneID) -> [CopyTargetPicker.Target] {
        workspace.panes.enumerated().compactMap { index, pane in
            guard pane.id != id, let browser = panes[pane.id] as? BrowserPane, let path = browser.path else { return nil }
            return CopyTargetPicker.Target(pane: pane.id, number: index + 1, side: browser.side, directory: path)
        }
    }

    /// Queues `copy` (its destination known) and says where it goes; the marks in browser
    /// `pane` that chose what to copy are done with.
    func submitCopy(_ copy: BrowserCopy, from source: String, pane: PaneID?) {
        guard let request = copy.transferRequest else { return }
        message = copy.confirmation(from: source)
        run(.submitTransfer(request))
        if transfers != nil, let pane { (panes[pane] as? BrowserPane)?.unmark(copy.sources) }
    }
}
