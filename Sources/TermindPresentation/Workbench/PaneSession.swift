import TermindApplication
import TermindDomain

/// The live side of one pane: its libvterm surface, the connection and remote shell behind it,
/// its status, and what the person did to its view (scrolling back, an unseen bell). Keyed by
/// the pane's id, so it follows the pane through splits, swaps, zoom and moves between
/// Workspaces; never stored.
///
/// Input to the remote goes through one ordered queue (`send`, `resize`) drained by one task,
/// so keys, pastes and window changes reach the shell in the order they happened. Between
/// `beginInputBatch()` and `endInputBatch()` (the input events of one terminal read) what is
/// sent is gathered and queued as one write: a paste typed as 4,000 keys goes out as one
/// channel write, not 4,000 SSH packets.
///
/// Confined to the TUI's main actor; it owns a `VTermSurface`.
@MainActor
final class PaneSession {
    /// What goes to the remote shell, in order.
    enum Outgoing: Sendable {
        case bytes([UInt8])
        case resize(TerminalSize)
    }

    let paneID: PaneID
    /// The Host label the pane connects to (the Vault label, or an ad-hoc target).
    var hostLabel: String?
    /// Whether the Host lets remote programs set the clipboard (OSC 52); off until a session
    /// of a Host that allows it opens.
    var allowsClipboardWrites = false
    var status: PaneStatus
    let surface: VTermSurface
    /// The attempt now in charge; a retired one's late results are dropped.
    var generation: AttemptGeneration?
    var connection: (any SSHConnection)?
    var shell: (any RemoteShell)?
    var connectTask: Task<Void, Never>?
    var readTask: Task<Void, Never>?
    var writeTask: Task<Void, Never>?
    private var outgoing: AsyncStream<Outgoing>.Continuation?
    /// True between `beginInputBatch()` and `endInputBatch()`.
    private var isBatchingInput = false
    /// The bytes sent during the batch in progress.
    private var batchedInput: [UInt8] = []

    /// The visible rows as cells, refreshed from the surface's damage before each frame.
    private(set) var rows: [[TerminalCell]]
    /// Rows scrolled back from the live screen; 0 shows the live screen.
    var scrollOffset = 0
    /// True in scroll mode (keys scroll instead of going to the remote).
    var isScrolling = false
    /// The surface's bell count the person has seen (a ring in an unfocused pane is shown).
    var seenBells = 0
    /// The scrollback length at the last frame, to keep a scrolled view still as lines arrive.
    private var lastScrollbackCount = 0
    /// True once a shell was open in this pane: a later connection is a reconnect.
    private(set) var hasBeenConnected = false
    /// The size last sent to the remote shell.
    private(set) var sentSize: TerminalSize?

    init(paneID: PaneID, hostLabel: String?, size: CellSize) {
        self.paneID = paneID
        self.hostLabel = hostLabel
        self.status = hostLabel == nil ? .empty : .connecting
        self.surface = VTermSurface(rows: max(1, size.rows), columns: max(1, size.columns))
        self.rows = []
        refreshRows()
    }

    /// The terminal size the remote shell should have (the surface's).
    var terminalSize: TerminalSize { TerminalSize(columns: surface.columns, rows: surface.rows) }

    // MARK: - The remote side

    /// Starts the ordered writer for a newly opened shell.
    func attach(connection: any SSHConnection, shell: any RemoteShell) {
        self.connection = connection
        self.shell = shell
        self.sentSize = terminalSize
        hasBeenConnected = true
        let (stream, continuation) = AsyncStream.makeStream(of: Outgoing.self)
        outgoing = continuation
        writeTask = Task {
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

    /// Sends whatever the surface has encoded (keys typed, answers to queries).
    func flushSurfaceOutput() {
        send(surface.takeOutput())
    }

    /// Gives the surface, and the remote PTY when one is open, a new size.
    func resize(to size: CellSize) {
        let rows = max(1, size.rows), columns = max(1, size.columns)
        guard rows != surface.rows || columns != surface.columns else { return }
        surface.resize(rows: rows, columns: columns)
        refreshRows()
        scrollOffset = min(scrollOffset, surface.scrollbackCount)
        let newSize = terminalSize
        if shell != nil, newSize != sentSize {
            sentSize = newSize
            sendBatchedInput()  // keys typed before the resize go first
            outgoing?.yield(.resize(newSize))
        }
    }

    /// Ends the Session: stops its tasks and closes the shell and the connection (in the
    /// background: a dead peer must not hold the person up). The surface stays for the pane.
    /// Returns the closing task, for a caller that wants to wait a moment for it.
    @discardableResult
    func disconnect() -> Task<Void, Never>? {
        connectTask?.cancel()
        readTask?.cancel()
        outgoing?.finish()
        outgoing = nil
        batchedInput = []
        connectTask = nil
        readTask = nil
        writeTask = nil
        let shell = self.shell, connection = self.connection
        self.shell = nil
        self.connection = nil
        sentSize = nil
        guard shell != nil || connection != nil else { return nil }
        return Task.detached {
            await shell?.close()
            await connection?.close()
        }
    }

    // MARK: - The view

    /// Copies the rows libvterm changed since the last frame; keeps a scrolled-back view on the
    /// same lines while new ones arrive.
    func refreshRows() {
        if rows.count != surface.rows || (rows.first?.count ?? -1) != surface.columns {
            rows = (0..<surface.rows).map { surface.cells(row: $0) }
            _ = surface.takeDamage()
        } else if let damage = surface.takeDamage() {
            for row in damage {
                rows[row] = surface.cells(row: row)
            }
        }
        let count = surface.scrollbackCount
        if scrollOffset > 0, count > lastScrollbackCount {
            scrollOffset = min(count, scrollOffset + count - lastScrollbackCount)
        }
        lastScrollbackCount = count
    }

    /// The rows to show: the live screen, or `scrollOffset` rows further back.
    func visibleRows() -> [[TerminalCell]] {
        guard scrollOffset > 0 else { return rows }
        let history = surface.scrollbackCount
        let top = history - scrollOffset
        return (0..<surface.rows).map { row in
            let index = top + row
            return index < history ? surface.scrollbackLine(index) : rows[index - history]
        }
    }

    /// Moves the view `lines` further back (negative: towards the live screen).
    func scroll(by lines: Int) {
        scrollOffset = min(surface.scrollbackCount, max(0, scrollOffset + lines))
    }

    /// True when the remote rang the bell since the person last looked.
    var hasUnseenBell: Bool { surface.bellCount > seenBells }
}
