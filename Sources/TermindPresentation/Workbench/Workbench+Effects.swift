import Foundation
import TermindApplication
import TermindDomain

// The one place effects run. A pane's `update` says what must happen; here it happens:
// connections open through the services port (each in its own task), the shell's output comes
// back as events to the pane, bytes and window changes go to the pane's `PaneLink`, attempts are
// retired from the interaction queue. The workbench's own effects (`WorkbenchEffect`: the
// Vault's Hosts, the interaction count, the Import screen, an edit) run here too: nothing else
// in the workbench starts a task.

extension Workbench {
    /// Gives `event` to pane `id` and runs what it asks for.
    func deliver(_ event: PaneEvent, to id: PaneID) {
        guard let pane = panes[id] else { return }
        run(pane.update(event), for: id)
        switch event {
        case .connectionLost, .connectFailed: reconnectByItself(id)
        default: break
        }
    }

    func run(_ effects: [PaneEffect], for id: PaneID) {
        for effect in effects {
            switch effect {
            case .connect(let label, let generation, let size, let directory):
                connect(id, to: label, generation: generation, size: size, directory: directory.flatMap(ShellStartDirectory.init))
                reconnectCompanions(of: id)
            case .send(let bytes):
                links[id]?.send(bytes)
            case .windowChange(let size):
                links[id]?.resize(to: size)
            case .disconnect:
                links.removeValue(forKey: id)?.close()
                browserLinks.removeValue(forKey: id)?.close()
                stopWatchingMetrics(for: id)
            case .retire(let generation):
                let interactions = self.interactions
                Task { await interactions.cancel(generation: generation) }
            case .chooseHost:
                openQuickOpen(for: id)
            case .message(let text):
                message = text
            case .showConnectionDetails(let label, let detail):
                overlays.push(ConnectionDetails(hostLabel: label, detail: detail))
            case .setClipboard(let bytes):
                clipboard.writes += bytes
            case .requestTransfer(let request):
                run(.submitTransfer(request))
            case .copy(let text):
                copied(text)
            case .openFileSystem(let side, let generation):
                openFileSystem(for: id, side: side, generation: generation)
                reconnectCompanions(of: id)
            case .browse(let request, let generation):
                browse(request, for: id, generation: generation)
            case .recordDirectoryVisit(let label, let path):
                Task { [services] in await services.recordDirectoryVisit(hostLabel: label, path: path) }
            case .copySelection(let copy):
                copySelection(copy, from: id)
            case .followShell(let terminal):
                followWorkingDirectory(of: terminal)
            case .editRemoteFile(let host, let path):
                run(.editFile(FileEdit(pane: id, side: .remote(hostLabel: host), path: path)))
            case .editLocalFile(let path):
                run(.editFile(FileEdit(pane: id, side: .local, path: path)))
            case .watchMetrics(let label, let generation):
                watchMetrics(for: id, label: label, generation: generation)
            case .recordCommand(let entry):
                // One write after another, so the history keeps the order the commands ran in.
                let previous = commandRecording
                commandRecording = Task { [weak self, services] in
                    await previous?.value
                    do {
                        try await services.recordCommand(entry)
                    } catch {
                        self?.message = "the command history was not saved: \(Self.text(of: error))"
                        self?.onChange()
                    }
                }
            }
        }
    }

    /// Text copied in a pane: kept for the paste action and sent to the outer terminal's
    /// clipboard (OSC 52), unless too large for it.
    private func copied(_ text: [UInt8]) {
        clipboard.pasteBuffer = text
        let characters = String(decoding: text, as: UTF8.self).count
        let what = "\(characters) character\(characters == 1 ? "" : "s")"
        let pasteKeys = keys(for: .paste).map { ", \($0) pastes" } ?? ""
        if let sequence = OuterClipboard.sequence(copying: text, insideTmux: insideTmux) {
            clipboard.writes += sequence
            message = "copied \(what)\(pasteKeys)"
        } else {
            message = "copied \(what) for pasting here\(pasteKeys); too large for the terminal's clipboard"
        }
    }

    /// A Session event for pane `id`, from one of its tasks: delivered while the attempt is
    /// the link's, seen at once when the pane has focus, then shown.
    private func deliverFromSession(_ event: PaneEvent, to id: PaneID, generation: AttemptGeneration) {
        guard links[id]?.serves(generation) == true else { return }
        deliver(event, to: id)
        if panes[id]?.isLive != true { pruneBroadcast() }
        if id == workspace.focusedPaneID { deliver(.viewed, to: id) }
        if case .output = event { followWorkingDirectory(of: id) }
        onChange()
    }

    /// Connects pane `id` to `label` in the background: the connection through the services
    /// port, then the shell at the pane's size as it is once authentication is done; its
    /// output goes on to the pane until it ends. A `directory` is where the shell starts (its
    /// session command `cd`s there first; `ShellStartDirectory` keeps the server's text from
    /// running as code).
    private func connect(
        _ id: PaneID, to label: String, generation: AttemptGeneration, size: TerminalSize, directory: ShellStartDirectory?
    ) {
        links.removeValue(forKey: id)?.close()
        let link = PaneLink(generation: generation, size: size)
        links[id] = link
        let environment = shellEnvironment
        // A Vault Host's shell starts with the integration unless the Host or the run says no.
        let historyHost = hosts.first { $0.label.rawValue == label && $0.usesShellIntegration }
        let integration = historyHost == nil ? nil : shellIntegration
        let shared = sharedConnections
        link.connectTask = Task { [weak self, weak link] in
            do {
                guard let self else { return }
                // The size as it is once authentication is done (read when the channel opens).
                let currentSize = { @MainActor [weak link] in link?.size ?? size }
                let (shell, connection) = try await self.openChannel(on: label, for: id, generation: generation, forFiles: false) {
                    connection in
                    let openedSize = await currentSize()
                    if let integration {
                        let (shell, token) = try await integration.open(
                            on: connection, term: TerminalPane.remoteTerm, size: openedSize, environment: environment,
                            startingIn: directory)
                        return OpenedShell(shell: shell, size: openedSize, token: token)
                    }
                    if let directory {
                        let shell = try await connection.execute(
                            directory.command(then: ShellStartDirectory.loginShell), onTerminal: TerminalPane.remoteTerm,
                            size: openedSize, environment: environment)
                        return OpenedShell(shell: shell, size: openedSize)
                    }
                    let shell = try await connection.openShell(term: TerminalPane.remoteTerm, size: openedSize, environment: environment)
                    return OpenedShell(shell: shell, size: openedSize)
                }
                guard let link, link.serves(generation), !Task.isCancelled else {
                    await shell.shell.close()
                    await Self.letGo(connection, in: shared)
                    return
                }
                link.attach(connection: connection, shared: shared, shell: shell.shell, openedSize: shell.size)
                self.sampleMetrics(of: label, on: connection.connection)
                self.startForwards(of: label, on: connection.connection)
                let allowsClipboardWrites = self.hosts.first { $0.label.rawValue == label }?.allowsClipboardWrites ?? false
                self.deliverFromSession(
                    .shellOpened(generation, at: self.services.currentDate(), allowsClipboardWrites: allowsClipboardWrites), to: id, generation: generation)
                if let token = shell.token, let historyHost {
                    self.deliverFromSession(.historyStarted(generation, hostID: historyHost.id, token: token), to: id, generation: generation)
                }
                self.read(shell.shell, for: id, link: link, generation: generation)
            } catch {
                self?.deliverFromSession(.connectFailed(generation, error), to: id, generation: generation)
            }
            self?.run(.watchPendingInteractions)
            self?.onChange()
        }
    }

    /// Feeds the shell's output to pane `id` until it ends.
    private func read(_ shell: any RemoteShell, for id: PaneID, link: PaneLink, generation: AttemptGeneration) {
        guard link.serves(generation) else { return }
        link.readTask = Task { [weak self] in
            do {
                for try await element in shell.output {
                    guard let self else { return }
                    switch element {
                    case .stdout(let bytes), .stderr(let bytes):
                        self.deliverFromSession(.output(generation, bytes), to: id, generation: generation)
                    case .exit(let status, let signal):
                        self.deliverFromSession(.exited(generation, status: status, signal: signal), to: id, generation: generation)
                    }
                    guard link.serves(generation) else { return }
                }
                self?.deliverFromSession(.shellClosed(generation), to: id, generation: generation)
            } catch {
                let detail = (error as? SSHFailure)?.detail ?? String(describing: error)
                guard let self, link.serves(generation) else { return }
                // The pane says it in words; libssh2's detail (codes, the channel) is for the log.
                self.logger.notice("pane \(id): connection lost: \((error as? SSHFailure)?.description ?? detail)")
                let lease = link.lease
                self.deliverFromSession(.connectionLost(generation, detail), to: id, generation: generation)
                self.sharedConnectionLost(by: id, lease: lease, detail: detail)
            }
        }
    }

    // MARK: - The workbench's own effects

    func run(_ effect: WorkbenchEffect) {
        switch effect {
        case .reloadHosts:
            Task { [weak self] in
                await self?.reloadHosts()
                self?.onChange()
            }
        case .watchPendingInteractions:
            interactionState.countRefresh?.cancel()
            interactionState.countRefresh = Task { [weak self, interactions] in
                repeat {
                    let count = await interactions.pendingCount
                    guard let self, !Task.isCancelled else { return }
                    if count != self.interactionState.pending {
                        self.interactionState.pending = count
                        self.onChange()
                    }
                    guard self.dialog != nil else { return }
                    try? await Task.sleep(for: .milliseconds(500))
                } while !Task.isCancelled
            }
        case .previewImport(let id):
            Task { [weak self, services] in
                let result: Result<ImportPreview, any Error>
                do {
                    result = .success(try await services.importPreview())
                } catch {
                    result = .failure(error)
                }
                guard let self, self.importScreen?.id == id else { return }
                switch result {
                case .success(let preview): self.importScreen?.show(preview)
                case .failure(let error): self.importScreen?.phase = .failed(Self.text(of: error))
                }
                self.onChange()
            }
        case .commitImport(let selection, let preview, let id):
            Task { [weak self, services] in
                let outcome: Result<ImportReport, any Error>
                do {
                    outcome = .success(try await services.commitImport(selection, of: preview))
                } catch {
                    outcome = .failure(error)
                }
                guard let self else { return }
                await self.reloadHosts()
                if self.importScreen?.id == id {
                    switch outcome {
                    case .success(let report):
                        self.importScreen?.phase = .done(ImportScreen.summary(of: report))
                    case .failure(let error):
                        self.importScreen?.phase = .choosing
                        self.importScreen?.problem = "nothing was written: \(Self.text(of: error))"
                    }
                }
                self.onChange()
            }
        case .listInterruptedTransfers:
            guard let transfers else { return }
            Task { [weak self] in
                do {
                    try await transfers.listInterrupted()
                } catch {
                    self?.message = "interrupted transfers: \(Self.text(of: error))"
                }
                self?.onChange()
            }
        case .submitTransfer(let request):
            guard let transfers else {
                message = "transfers are not available here"
                return
            }
            Task { [weak self] in
                do {
                    try await transfers.submit(request)
                } catch {
                    self?.message = "copy to \(request.destination):\(request.directory): \(Self.text(of: error))"
                }
                self?.onChange()
            }
        case .editFile(let edit):
            guard editing.task == nil else {
                message = "an edit is already under way; finish it first"
                return
            }
            editing.task = Task { [weak self] in
                await self?.runEdit(edit)
                self?.editing.task = nil
                self?.onChange()
            }
        case .controlTransfer(let command):
            guard let transfers else { return }
            Task { [weak self] in
                do {
                    switch command {
                    case .pause(let id): await transfers.pause(id)
                    case .resume(let id): try await transfers.resume(id)
                    case .cancel(let id): try await transfers.cancel(id)
                    case .clearFinished: await transfers.clearFinished()
                    case .none, .close: break
                    }
                } catch {
                    self?.message = "transfer queue: \(Self.text(of: error))"
                }
                self?.onChange()
            }
        }
    }
}
