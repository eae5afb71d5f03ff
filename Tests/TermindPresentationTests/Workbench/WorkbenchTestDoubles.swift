import Foundation
import Synchronization
import TermindApplication
import TermindDomain
import TermindTestDoubles
import TermindTestSupport
@testable import TermindPresentation

/// Foundation also has a `Host`; here it is always the Vault's.
typealias Host = TermindDomain.Host

/// A remote shell in memory: the test sends its output and reads what the pane wrote to it and
/// every window-change.
final class ScriptedShell: RemoteShell {
    let output: AsyncThrowingStream<RemoteOutput, any Error>
    private let continuation: AsyncThrowingStream<RemoteOutput, any Error>.Continuation
    private let state = Mutex<(written: [UInt8], writes: Int, sizes: [TerminalSize], closed: Bool)>(([], 0, [], false))

    init() {
        (output, continuation) = AsyncThrowingStream.makeStream(of: RemoteOutput.self)
    }

    /// The remote prints `text`.
    func print(_ text: String) { continuation.yield(.stdout(Array(text.utf8))) }
    func exit(_ status: Int32) {
        continuation.yield(.exit(status: status, signal: nil))
        continuation.finish()
    }
    func drop() { continuation.finish(throwing: SSHFailure(.dropped, connection: "web", detail: "the connection was reset")) }

    var written: String { String(decoding: state.withLock { $0.written }, as: UTF8.self) }
    var writtenBytes: [UInt8] { state.withLock { $0.written } }
    /// How many `write` calls the pane made (each is one channel write).
    var writeCount: Int { state.withLock { $0.writes } }
    var sizes: [TerminalSize] { state.withLock { $0.sizes } }
    var isClosed: Bool { state.withLock { $0.closed } }

    func write(_ bytes: [UInt8]) async throws {
        state.withLock {
            $0.written += bytes
            $0.writes += 1
        }
    }
    func post(_ bytes: [UInt8], failed: @escaping @Sendable (any Error) -> Void) {
        state.withLock {
            $0.written += bytes
            $0.writes += 1
        }
    }
    func closeInput() async throws {}
    func close() async {
        state.withLock { $0.closed = true }
        continuation.finish()
    }
    func resize(_ size: TerminalSize) async { state.withLock { $0.sizes.append(size) } }
}

/// A connection in memory whose shells are `ScriptedShell`s opened at the size asked for
/// (a shell, or a command on a PTY, such as the shell integration's bootstrap): `shell` is the
/// first, each later one a new channel (panes sharing the connection). `drop()` loses it.
final class ScriptedConnection: SSHConnection {
    let label: String
    let shell = ScriptedShell()
    /// What `openFileSystem` opens, if anything.
    let fileSystem: (any RemoteFileSystem)?
    /// Its forwarding listeners (`ScriptedForwarding`).
    let forwarding = ScriptedForwarding()
    private let state = Mutex<(openedSize: TerminalSize?, term: String?, closed: Bool, command: String?)>((nil, nil, false, nil))
    private let channels = Mutex<(shells: [ScriptedShell], dropped: Bool, fileSystems: Int, execs: [ScriptedShell])>(([], false, 0, []))

    init(label: String, fileSystem: (any RemoteFileSystem)? = nil) {
        self.label = label
        self.fileSystem = fileSystem
    }

    var openedSize: TerminalSize? { state.withLock { $0.openedSize } }
    var term: String? { state.withLock { $0.term } }
    var isClosed: Bool { state.withLock { $0.closed } }
    /// The command run on the PTY instead of a shell, if any.
    var command: String? { state.withLock { $0.command } }
    /// Every shell opened on this connection, in order.
    var shells: [ScriptedShell] { channels.withLock { $0.shells } }
    /// How many SFTP sessions were opened on this connection.
    var fileSystemCount: Int { channels.withLock { $0.fileSystems } }

    /// The transport is lost: nothing more opens, and every shell on it ends with the failure
    /// (unless `endingChannels` is false: a loss no channel has noticed yet).
    func drop(endingChannels: Bool = true) {
        let shells = channels.withLock {
            $0.dropped = true
            return $0.shells
        }
        if endingChannels { for shell in shells { shell.drop() } }
        forwarding.end(lost: true)
    }

    /// A new channel: the first shell, then a new one each time.
    /// The server's session limit (sshd's MaxSessions): channels open at once, shells and execs.
    let channelLimit = Mutex(Int.max)

    private func nextShell() throws -> ScriptedShell {
        let limit = channelLimit.withLock { $0 }
        return try channels.withLock {
            if $0.dropped { throw SSHFailure(.dropped, connection: label, detail: "the connection was reset") }
            let open = $0.shells.filter { !$0.isClosed }.count + $0.execs.filter { !$0.isClosed }.count
            if open >= limit { throw SSHFailure(.channel, connection: label, detail: "open failed: administratively prohibited") }
            let next = $0.shells.isEmpty ? shell : ScriptedShell()
            $0.shells.append(next)
            return next
        }
    }

    /// The commands run on exec channels that `ScriptedConnection.execCommand` answers, each a
    /// `ScriptedShell` the test prints into (the metrics sampler's).
    var execs: [ScriptedShell] { channels.withLock { $0.execs } }

    func execute(_ command: String) async throws -> any RemoteProcess {
        guard command == Self.execCommand else { throw SSHFailure(.channel, connection: label, detail: "no exec here") }
        let process = ScriptedShell()
        channels.withLock { $0.execs.append(process) }
        return process
    }

    /// The one exec command this connection runs (the others are refused): the metrics sampler's.
    static let execCommand = MetricsSampler.command
    func execute(_ command: String, onTerminal term: String, size: TerminalSize, environment: [String: String]) async throws -> any RemoteShell {
        state.withLock {
            $0.openedSize = size
            $0.term = term
            $0.command = command
        }
        return try nextShell()
    }
    func openShell(term: String, size: TerminalSize, environment: [String: String]) async throws -> any RemoteShell {
        state.withLock {
            $0.openedSize = size
            $0.term = term
        }
        return try nextShell()
    }
    func openFileSystem() async throws -> any RemoteFileSystem {
        guard let fileSystem else { throw SSHFailure(.channel, connection: label, detail: "no SFTP here") }
        try channels.withLock {
            if $0.dropped { throw SSHFailure(.dropped, connection: label, detail: "the connection was reset") }
            $0.fileSystems += 1
        }
        return fileSystem
    }
    func close() async {
        state.withLock { $0.closed = true }
        forwarding.end(lost: false)
    }
    func forward(_ rule: ForwardRule) async throws -> ForwardListening { try forwarding.forward(rule, on: label) }
    func stopForward(_ listening: ForwardListening) async { forwarding.stop(listening) }
    func waitUntilEnded() async -> SSHFailure? { await forwarding.waitUntilEnded(label) }
}

/// The workbench's services in memory: Hosts given by the test, and connections made by a
/// closure the test sets (by default a `ScriptedConnection` for every attempt, kept in order).
final class InMemoryWorkbenchServices: WorkbenchServices {
    typealias Connector = @Sendable (String, InteractionQueue, AttemptGeneration) async throws -> any SSHConnection

    private let state: Mutex<(attempts: [(label: String, generation: AttemptGeneration)], connections: [ScriptedConnection], saved: [Workspace]?, recent: [Workspace])>
    private let connector: Mutex<Connector?> = Mutex(nil)
    /// The Vault: the Hosts and Snippets the workbench reads, and what its forms write through
    /// a real `VaultEditor`.
    let vault: InMemoryVaultStore
    private let secrets = InMemorySecretStore()

    init(hosts: [Host], recent: [Workspace] = []) {
        vault = InMemoryVaultStore(VaultSnapshot(hosts: hosts))
        state = Mutex(([], [], nil, recent))
    }

    /// Replaces how connections are made (to fail, to ask an interaction first, to wait).
    func connect(with connector: @escaping Connector) { self.connector.withLock { $0 = connector } }

    var attempts: [(label: String, generation: AttemptGeneration)] { state.withLock { $0.attempts } }
    var connections: [ScriptedConnection] { state.withLock { $0.connections } }
    var savedWorkspaces: [Workspace]? { state.withLock { $0.saved } }

    func hosts() async throws -> [Host] { try await vault.snapshot().hosts }

    func snippets() async throws -> [Snippet] { try await vault.snapshot().snippets }

    func vaultEditor() -> VaultEditor? { VaultEditor(store: vault, secrets: secrets, keyCodec: StubPrivateKeyCodec()) }

    /// The Vault's Snippets, as the test sets them.
    func setSnippets(_ snippets: [Snippet]) async {
        var snapshot = await vault.snapshot()
        snapshot.snippets = snippets
        await vault.reset(to: snapshot)
    }

    /// The Vault's change counter as another process would move it; nil: never polled.
    let vaultCounter = Mutex<Int?>(nil)
    /// How many times the workbench read the counter.
    let vaultCounterReads = Mutex(0)

    func vaultChangeCounter() async -> Int? {
        vaultCounterReads.withLock { $0 += 1 }
        return vaultCounter.withLock { $0 }
    }

    /// The workbench's timers' clock: the Vault's poll moves only when a test advances it.
    let testClock = TestClock()
    var clock: any Clock<Duration> { testClock }

    /// The time of day the workbench sees: fixed, 14:02 today in the local time zone.
    let date = Mutex(Calendar.current.date(bySettingHour: 14, minute: 2, second: 0, of: Date()) ?? Date())
    func currentDate() -> Date { date.withLock { $0 } }

    /// Whether the Vault's writes are watched (the test signals each with `signalWrite`); off:
    /// the counter is polled. Each watch gets a stream of its own, as inotify gives each its own.
    let watchesWrites = Mutex(false)
    private let writeSignal = Mutex<AsyncStream<Void>.Continuation?>(nil)

    func vaultWrites() -> AsyncStream<Void>? {
        guard watchesWrites.withLock({ $0 }) else { return nil }
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        writeSignal.withLock { $0 = continuation }
        return stream
    }

    /// A write to the Vault's files, as the latest watch sees it.
    func signalWrite() { _ = writeSignal.withLock { $0 }?.yield() }

    /// Another process rewrote the Vault's Hosts: the list changes and the counter moves.
    func changeHostsElsewhere(_ hosts: [Host]) async {
        var snapshot = await vault.snapshot()
        snapshot.hosts = hosts
        await vault.reset(to: snapshot)
        vaultCounter.withLock { $0 = ($0 ?? 0) + 1 }
    }

    func connect(hostLabel: String, interactions: InteractionQueue, generation: AttemptGeneration) async throws -> any SSHConnection {
        state.withLock { $0.attempts.append((hostLabel, generation)) }
        if let custom = connector.withLock({ $0 }) {
            return try await custom(hostLabel, interactions, generation)
        }
        let connection = ScriptedConnection(label: hostLabel, fileSystem: files.withLock { $0.fileSystem })
        state.withLock { $0.connections.append(connection) }
        return connection
    }

    func recentWorkspaces() async -> [Workspace] { state.withLock { $0.recent } }
    func saveRecentWorkspaces(_ workspaces: [Workspace]) async { state.withLock { $0.saved = workspaces } }
    var activeTransferCount: Int { 0 }
    /// The transfer queue the workbench gets, when a test sets one before the workbench is made.
    let queue = Mutex<TransferQueue?>(nil)

    func transferQueue(interactions: InteractionQueue, shared: SharedConnections) -> TransferQueue? { queue.withLock { $0 } }

    /// What the samplers write to their channel: only the run's boundary, as the real script holds it.
    static let samplerScript = "boundary=\(MetricsSampler.boundaryPlaceholder)\n"
    /// Whether Hosts have a metrics sampler (off unless a test turns it on).
    let samplesMetrics = Mutex(false)
    /// Whether each sampler asked for read the file systems, in order.
    let samplerFilesystems = Mutex<[Bool]>([])
    func metricsSampler(hostLabel: String, interval: Int, filesystems: Bool) -> MetricsSampler? {
        samplerFilesystems.withLock { $0.append(filesystems) }
        return samplesMetrics.withLock { $0 } ? MetricsSampler(host: hostLabel, script: Self.samplerScript, interval: interval) : nil
    }

    // MARK: Import

    private let imports = Mutex<(preview: ImportPreview?, commits: [ImportSelection], written: [Host])>((nil, [], []))

    /// The preview the Import screen gets, and the Hosts a commit adds to the Vault's.
    func offerImport(_ preview: ImportPreview, writing hosts: [Host] = []) {
        imports.withLock { $0.preview = preview; $0.written = hosts }
    }

    /// Every selection committed, in order.
    var committedSelections: [ImportSelection] { imports.withLock { $0.commits } }

    func importPreview() async throws -> ImportPreview {
        guard let preview = imports.withLock({ $0.preview }) else {
            throw SSHFailure(.channel, connection: "import", detail: "no ~/.ssh here")
        }
        return preview
    }

    func commitImport(_ selection: ImportSelection, of preview: ImportPreview) async throws -> ImportReport {
        let written = imports.withLock { state in
            state.commits.append(selection)
            return state.written
        }
        var snapshot = await vault.snapshot()
        snapshot.hosts += written
        await vault.reset(to: snapshot)
        return ImportReport(hosts: written, identities: [], keys: [], knownHosts: [], notes: [])
    }
    // MARK: Browser panes

    private let files = Mutex<(fileSystem: MemoryTree?, visits: [(host: String, path: String)], fileConnections: [String])>((nil, [], []))

    /// The file system browser panes get, on either side (a remote one through a
    /// `ScriptedConnection` that serves it).
    func serveFiles(_ fileSystem: MemoryTree) { files.withLock { $0.fileSystem = fileSystem } }
    /// Every directory recorded in SFTP History, in order.
    var directoryVisits: [(host: String, path: String)] { files.withLock { $0.visits } }
    /// The Host label of every browser connection, in order.
    var fileConnections: [String] { files.withLock { $0.fileConnections } }

    func connectForFiles(hostLabel: String, interactions: InteractionQueue, generation: AttemptGeneration) async throws -> any SSHConnection {
        files.withLock { $0.fileConnections.append(hostLabel) }
        return ScriptedConnection(label: hostLabel, fileSystem: files.withLock { $0.fileSystem })
    }

    func localFileSystem() -> any FileSystem {
        files.withLock { $0.fileSystem } ?? MemoryTree()
    }

    private let sessions = Mutex<[(host: String, forFiles: Bool)]>([])

    /// The Connection History entries of sessions opened on another pane's connection.
    var sharedSessions: [(host: String, forFiles: Bool)] { sessions.withLock { $0 } }

    func recordSession(hostLabel: String, forFiles: Bool) async {
        sessions.withLock { $0.append((hostLabel, forFiles)) }
    }

    func recordDirectoryVisit(hostLabel: String, path: String) async {
        files.withLock { $0.visits.append((hostLabel, path)) }
    }

    // MARK: Editing

    let editor = ScriptedEditor()
    private let editing = Mutex<(script: ScriptedRemoteEdit, edits: [(path: String, location: String)])>((ScriptedRemoteEdit(), []))

    /// How the next edits of a Host's file go.
    func scriptEdits(_ script: ScriptedRemoteEdit) { editing.withLock { $0.script = script } }
    /// Every Host file edited, with the location of the file system it went through.
    var remoteEdits: [(path: String, location: String)] { editing.withLock { $0.edits } }

    func fileEditor() -> (any FileEditor)? { editor }

    func editRemoteFile(_ path: String, on fileSystem: any FileSystem, editor: any FileEditor, consent: UploadConsent)
        async throws -> RemoteEditReport
    {
        let script = editing.withLock { state in
            state.edits.append((path, fileSystem.location))
            return state.script
        }
        let edited = EditedFile(
            file: TransferAddress(location: fileSystem.location, path: path), opened: script.opened,
            copy: script.copyDirectory + "/" + RemotePath.name(of: path), openedDigest: "before")
        try await editor.edit(edited.copy)
        guard script.changes else { return RemoteEditReport(edited: edited, outcome: .unchanged, keptCopy: nil) }
        guard case .ask(let question) = consent, try await question(edited) else {
            return RemoteEditReport(edited: edited, outcome: .declined, keptCopy: edited.copy)
        }
        let outcome = script.upload(edited)
        let kept: String? = if case .uploaded = outcome { nil } else { edited.copy }
        return RemoteEditReport(edited: edited, outcome: outcome, keptCopy: kept)
    }

    // MARK: Command history

    private let commands = Mutex<[CommandHistoryEntry]>([])

    /// Every command recorded, oldest first.
    var recordedCommands: [CommandHistoryEntry] { commands.withLock { $0 } }

    func recordCommand(_ entry: CommandHistoryEntry) async throws { commands.withLock { $0.append(entry) } }

    /// The recorded commands containing the query's text, newest first.
    func searchCommands(_ query: CommandHistoryQuery) async throws -> [CommandHistoryEntry] {
        commands.withLock { entries in
            Array(entries.reversed().filter { entry in
                (query.hostID == nil || entry.hostID == query.hostID)
                    && (query.text.map { $0.isEmpty || entry.command.localizedCaseInsensitiveContains($0) } ?? true)
                    && (!query.failedOnly || (entry.exitStatus ?? 0) != 0)
            }.prefix(query.limit))
        }
    }
}

/// The person's editor in memory: records each file it was opened on and runs what the test
/// says an editor does (save a change, fail).
final class ScriptedEditor: FileEditor {
    private let state = Mutex<(paths: [String], action: (@Sendable (String) async throws -> Void)?)>(([], nil))

    /// What the editor does with each file it opens.
    func onEdit(_ action: @escaping @Sendable (String) async throws -> Void) { state.withLock { $0.action = action } }
    /// Every file the editor was opened on, in order.
    var paths: [String] { state.withLock { $0.paths } }

    func edit(_ path: String) async throws {
        let action = state.withLock { state in
            state.paths.append(path)
            return state.action
        }
        try await action?(path)
    }
}

/// What an edit of a Host's file does in memory: `RemoteEditSession`'s steps with scripted
/// results (the Application tests hold its rules). The copy's path, whether the editor changed
/// it, and the outcome of an upload the person agreed to.
struct ScriptedRemoteEdit: Sendable {
    var copyDirectory = "/home/alice/.cache/termind/edit/web-0001"
    var opened = FileVersion(kind: .file, size: 11, modified: 1_700_000_000, permissions: 0o640)
    var changes = true
    var upload: @Sendable (EditedFile) -> RemoteEditOutcome = { _ in .uploaded(bytes: 23, sha256: nil) }
}

enum WorkbenchFixture {
    /// A Vault Host. Its panes connect each on their own unless `shares` (the product's
    /// default, tested in `WorkbenchSharedConnectionTests`): the other tests are of one pane's
    /// Session, which sharing does not change.
    static func host(
        _ label: String, hostname: String = "10.0.0.1", port: Int = 22, username: String? = "deploy", shares: Bool = false
    ) -> Host {
        try! Host(label: Label(label), hostname: hostname, port: Port(port), username: username, sharesConnection: shares)
    }

    /// The shipped default keymap, read from the source tree.
    static func defaultKeymap() throws -> Keymap {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("Resources/keymap.default"), encoding: .utf8)
        return try Keymap.load(defaults: text, user: nil).checked()
    }
}

extension ScriptedShell {
    /// The boundary a metrics sampler wrote on this channel (`InMemoryWorkbenchServices.samplerScript`), once it has.
    var samplerBoundary: String? {
        let text = written
        guard let start = text.range(of: "boundary=") else { return nil }
        let hex = text[start.upperBound...].prefix { $0.isHexDigit }
        return hex.count == 32 ? String(hex) : nil
    }
}

extension WorkbenchTestCase {
    /// Prints `text` on the metrics sampler's channel as its script would: each `@@NAME` line
    /// framed with the boundary the sampler wrote there (waited for).
    func printSamples(_ text: String, on sampler: ScriptedShell) async {
        await eventually("the sampler wrote its script", showing: screenReport) { sampler.samplerBoundary != nil }
        sampler.print(MetricsSamplerText.framed(text, boundary: sampler.samplerBoundary ?? ""))
    }
}
