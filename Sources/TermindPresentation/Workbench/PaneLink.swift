import TermindApplication
import TermindDomain

/// The live I/O behind one pane's Session, owned by the workbench's effect runner: the
/// attempt in charge, its connecting and reading tasks, the connection and remote shell, and
/// the one ordered queue to the shell. Panes never hold it; they ask for it through effects.
///
/// Input to the remote goes through one ordered queue (`send`, `resize`) drained by one task,
/// so keys, pastes and window changes reach the shell in the order they happened. Between
/// `beginInputBatch()` and `endInputBatch()` (the input events of one terminal read) what is
/// sent is gathered and queued as one write: a paste typed as 4,000 keys goes out as one
/// channel write, not 4,000 SSH packets.
///
/// Confined to the TUI's main actor.
@MainActor
final class PaneLink {
    /// What goes to the remote shell, in order.
    private enum Outgoing: Sendable {
        case bytes([UInt8])
        case resize(TerminalSize)
    }

    /// The attempt this link serves; nil once closed, so its tasks' late results are dropped.
    private(set) var generation: AttemptGeneration?
    /// The size the shell should have: asked at the start, then at each window change.
    private(set) var size: TerminalSize
    var connectTask: Task<Void, Never>?
    var readTask: Task<Void, Never>?
    private var connection: PaneConnection?
    /// Where a shared connection's hold goes back when the Session ends.
    private var shared: SharedConnections?
    private var shell: (any RemoteShell)?
    private var outgoing: AsyncStream<Outgoing>.Continuation?
    /// True between `beginInputBatch()` and `endInputBatch()`.
    private var isBatchingInput = false
    /// The bytes sent during the batch in progress.
    private var batchedInput: [UInt8] = []
    /// The size last sent to the remote shell.
    private var sentSize: TerminalSize?

    init(generation: AttemptGeneration, size: TerminalSize) {
        self.generation = generation
        self.size = size
    }

    /// True while `generation` is the attempt in charge and the link is open.
    func serves(_ generation: AttemptGeneration) -> Bool { self.generation == generation }

    /// The hold on the shared connection the shell is a channel of; nil when the pane's
    /// connection is its own.
    var lease: SharedConnectionLease? { connection?.lease }

    /// The connection the shell is a channel of, once open (a Host's forwards may run on it).
    var sessionConnection: (any SSHConnection)? { connection?.connection }

    /// Starts the ordered writer for a newly opened shell, opened at `openedSize`: a window
    /// change that came while it was opening goes out first. A shared `connection` is given
    /// back to `shared` when the Session ends, never closed by this pane.
    func attach(connection: PaneConnection, shared: SharedConnections, shell: any RemoteShell, openedSize: TerminalSize) {
        self.connection = connection
        self.shared = shared
        self.shell = shell
        sentSize = openedSize
        let (stream, continuation) = AsyncStream.makeStream(of: Outgoing.self)
        outgoing = continuation
        if size != openedSize {
            sentSize = size
            continuation.yield(.resize(size))
        }
        Task {
            for await item in stream {
                switch item {
                case .bytes(let bytes): try? await shell.write(bytes)
                case .resize(let size): await shell.resize(size)
                }
            }
        }
    }

    /// Queues bytes for the remote shell (dropped when no shell is open).
    func send(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        if isBatchingInput {
            batchedInput += bytes
        } else {
            outgoing?.yield(.bytes(bytes))
        }
    }

    /// From now until `endInputBatch()`, what is sent is gathered into one write.
    func beginInputBatch() {
        isBatchingInput = true
    }

    /// Queues what the batch gathered, as one write.
    func endInputBatch() {
        isBatchingInput = false
        sendBatchedInput()
    }

    private func sendBatchedInput() {
        guard !batchedInput.isEmpty else { return }
        outgoing?.yield(.bytes(batchedInput))
        batchedInput = []
    }

    /// The pane's new size: a window change once a shell is open (before that, the shell opens
    /// at this size).
    func resize(to newSize: TerminalSize) {
        size = newSize
        guard shell != nil, newSize != sentSize else { return }
        sentSize = newSize
        sendBatchedInput()  // keys typed before the resize go first
        outgoing?.yield(.resize(newSize))
    }

    /// Ends the Session: stops its tasks and closes the shell and the connection, or gives a
    /// shared connection back (in the background: a dead peer must not hold the person up).
    /// Returns the closing task, for a caller that wants to wait a moment for it.
    @discardableResult
    func close() -> Task<Void, Never>? {
        generation = nil
        connectTask?.cancel()
        readTask?.cancel()
        outgoing?.finish()
        outgoing = nil
        batchedInput = []
        connectTask = nil
        readTask = nil
        let shell = self.shell, connection = self.connection, shared = self.shared
        self.shell = nil
        self.connection = nil
        sentSize = nil
        guard shell != nil || connection != nil else { return nil }
        return Task.detached {
            await shell?.close()
            if let connection, let shared { await Workbench.letGo(connection, in: shared) }
        }
    }
}
