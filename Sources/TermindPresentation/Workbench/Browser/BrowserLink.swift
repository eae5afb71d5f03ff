import TermindApplication
import TermindDomain

/// The live I/O behind one browser pane, owned by the workbench's effect runner as `PaneLink`
/// is for a terminal: the attempt in charge, the task opening it, the connection and its SFTP
/// session (or this machine's file system), and the requests in flight. Panes never hold it.
///
/// Confined to the TUI's main actor.
@MainActor
final class BrowserLink {
    /// The attempt this link serves; nil once closed, so its tasks' late results are dropped.
    private(set) var generation: AttemptGeneration?
    var openTask: Task<Void, Never>?
    /// Waits for the connection's end, so an idle browser shows a lost connection too.
    var watchTask: Task<Void, Never>?
    private(set) var fileSystem: (any FileSystem)?
    private var remote: (any RemoteFileSystem)?
    private var connection: PaneConnection?
    /// Where a shared connection's hold goes back when the browser's session ends.
    private var shared: SharedConnections?
    /// Requests in flight, by a number of their own, cancelled when the link closes.
    private var requests: [Int: Task<Void, Never>] = [:]
    private var nextRequest = 0
    /// The listing in flight, if any.
    private var listingRequest: Int?

    init(generation: AttemptGeneration) {
        self.generation = generation
    }

    func serves(_ generation: AttemptGeneration) -> Bool { self.generation == generation }

    /// The hold on the shared connection the SFTP session is a channel of, if any.
    var lease: SharedConnectionLease? { connection?.lease }

    /// The file system is open: a remote one with its connection (given back to `shared`
    /// when it is shared), or this machine's.
    func attach(_ fileSystem: any FileSystem, remote: (any RemoteFileSystem)?, connection: PaneConnection?, shared: SharedConnections) {
        self.fileSystem = fileSystem
        self.remote = remote
        self.connection = connection
        self.shared = shared
    }

    /// Runs `body` as a request of this link: cancelled if the link closes first. A listing
    /// also cancels the listing before it, whose reply the pane would drop anyway: a directory
    /// of 200,000 entries left behind stops being read.
    func run(listing: Bool = false, _ body: @escaping @MainActor () async -> Void) {
        let number = nextRequest
        nextRequest += 1
        if listing, let previous = listingRequest { requests.removeValue(forKey: previous)?.cancel() }
        if listing { listingRequest = number }
        requests[number] = Task { [weak self] in
            await body()
            self?.requests[number] = nil
        }
    }

    /// Ends the browser's session: its tasks stop, the SFTP session and the connection close in
    /// the background. Returns the closing task, for a caller that wants to wait a moment for it.
    @discardableResult
    func close() -> Task<Void, Never>? {
        generation = nil
        openTask?.cancel()
        openTask = nil
        watchTask?.cancel()
        watchTask = nil
        for task in requests.values { task.cancel() }
        requests = [:]
        let remote = self.remote, connection = self.connection, shared = self.shared
        self.remote = nil
        self.connection = nil
        fileSystem = nil
        guard remote != nil || connection != nil else { return nil }
        return Task.detached {
            await remote?.close()
            if let connection, let shared { await Workbench.letGo(connection, in: shared) }
        }
    }
}
