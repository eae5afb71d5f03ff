import Foundation
import TermindApplication
import TermindDomain

/// The SSH terminal pane as a component: its libvterm surface, where its Session is in its life
/// (`PaneStatus`), the attempt in charge, and what the person did to its view (scrolling back,
/// an unseen bell). An empty pane is one with no Host yet. Keyed by the pane's id, so it
/// follows the pane through splits, swaps, zoom and moves between Workspaces; never stored.
///
/// `update` only changes this state and says what must happen (`PaneEffect`): the connection,
/// the shell, its reading and its ordered writer belong to the workbench's effect runner
/// (`PaneLink`). Events of a retired attempt are ignored.
///
/// Confined to the TUI's main actor; it owns a `VTermSurface`.
@MainActor
final class TerminalPane: PaneComponent {
    /// The terminal type remote shells get: what the surface emulates.
    static let remoteTerm = "xterm-256color"
    /// Lines the wheel moves per notch.
    static let wheelLines = 3

    let paneID: PaneID
    /// The Host label the pane connects to (the Vault label, or an ad-hoc target).
    let hostLabel: String?
    var status: PaneStatus
    let surface: VTermSurface
    /// The attempt now in charge; a retired one's late events are dropped.
    private(set) var generation: AttemptGeneration?
    /// Whether the Host lets remote programs set the clipboard (OSC 52); off until a shell of a
    /// Host that allows it opens.
    private(set) var allowsClipboardWrites = false
    /// Rows scrolled back from the live screen; 0 shows the live screen.
    var scrollOffset = 0
    /// Copy mode (scroll mode grown a cursor, selections and find), while the keys are its.
    var copyMode: CopyMode?
    /// The pane's text as find last searched it, and the surface's state it was made from.
    var searchedText: (text: PaneText, version: Int)?
    /// Where the left button went down outside a program that takes the mouse: a drag selects
    /// from there.
    var mousePress: TextPosition?
    /// The surface's bell count the person has seen (a ring in an unfocused pane is shown).
    private(set) var seenBells = 0
    /// True once a shell was open in this pane: a later one is a reconnect.
    private(set) var hasBeenConnected = false
    /// Where the next shell starts when its own shell never reported a directory: the
    /// directory of the pane a split came from. A reported one (OSC 7) comes first.
    var startDirectory: String?
    /// The waits between automatic attempts; the seconds left before the next one while it
    /// counts down; and whether the person stopped it (Esc), so the pane waits for them until
    /// a shell opens again.
    private(set) var backoff = ReconnectBackoff()
    private(set) var reconnectCountdown: Int?
    private(set) var waitsForPerson = false
    /// How the shell ended, as its exit said, for the pane's last line.
    private var ending: String?
    /// The scrollback length last seen, to keep a scrolled view still as lines arrive.
    private var lastScrollbackCount = 0
    /// The visible rows as cells: a copy of libvterm's screen taken from its damage when drawn.
    private var rows: [[TerminalCell]] = []
    /// The command history rules for the shell now open, when it was started with the shell
    /// integration for a Vault Host (`TerminalPane+History.swift`).
    var commandRecorder: CommandRecorder?

    init(paneID: PaneID, hostLabel: String?, size: CellSize) {
        self.paneID = paneID
        self.hostLabel = hostLabel
        self.status = hostLabel == nil ? .empty : .connecting
        self.surface = VTermSurface(rows: max(1, size.rows), columns: max(1, size.columns))
    }

    /// The terminal size the remote shell should have (the surface's).
    var terminalSize: TerminalSize { TerminalSize(columns: surface.columns, rows: surface.rows) }
    var isLive: Bool { status.isLive }
    var isLost: Bool { status.isLost && hostLabel != nil }
    var acceptsPlainText: Bool { status == .connected && !isScrolling }
    var statusHint: String? {
        guard let copyMode else { return nil }
        if copyMode.find?.isEditing == true { return "find: Enter keeps, M-r regex, M-c case, Esc cancels" }
        if copyMode.anchor != nil { return "copy mode: move to extend, y or Enter copies, Esc clears" }
        return "copy mode: hjkl w b 0 $ g G { } move, v V C-v o select, / finds, n N, q leaves"
    }
    /// True when the remote rang the bell since the person last looked.
    var hasUnseenBell: Bool { surface.bellCount > seenBells }

    // MARK: - Update

    func update(_ event: PaneEvent) -> [PaneEffect] {
        switch event {
        case .key(let press):
            return key(press)
        case .typed(let bytes):
            guard status == .connected else { return [] }
            scrollOffset = 0
            surface.output.append(contentsOf: bytes)
            return sendSurfaceOutput()
        case .paste(let bytes):
            if copyMode?.find?.isEditing == true {
                pasteIntoFind(bytes)
                return []
            }
            guard status.isLive else { return [] }
            scrollOffset = 0
            isScrolling = false
            surface.paste(bytes)
            return status == .connected ? sendSurfaceOutput() : []
        case .mouse(let mouse, let row, let column):
            return self.mouse(mouse, row: row, column: column)
        case .resized(let size):
            return resize(to: size)
        case .viewed:
            seenBells = surface.bellCount
            return []
        case .connect:
            return connect()
        case .reconnect:
            return reconnect()
        case .reconnectByItself:
            guard mayReconnectByItself else { return [] }
            reconnectCountdown = backoff.next()
            return []
        case .reconnectTick:
            guard let left = reconnectCountdown, status.canReconnect else { return [] }
            guard left <= 1 else {
                reconnectCountdown = left - 1
                return []
            }
            return connect()
        case .scrollMode, .copyMode:
            if status != .empty { isScrolling = true }
            return []
        case .find:
            return status == .empty ? [] : openFind()
        case .previousPrompt:
            return jumpToPrompt(older: true)
        case .copyCommandOutput:
            return copyLastCommandOutput()
        case .sendPrefix(let prefix):
            guard status.isLive else { return [] }
            surface.type(prefix)
            return status == .connected ? sendSurfaceOutput() : []
        case .close:
            return (generation.map { [.retire($0)] } ?? []) + [.disconnect]
        case .hostRemoved:
            guard status.isLive else { return [] }
            status = .ended("its Host was removed from the Vault")
            return (generation.map { [.retire($0)] } ?? []) + [.disconnect]
        case .shellOpened(let attempt, let date, let allowsClipboardWrites):
            guard attempt == generation else { return [] }
            if hasBeenConnected {
                surface.beginNewSession(marker: Self.reconnectMarker(at: date))
                followScrollback()
            }
            hasBeenConnected = true
            backoff.reset()
            waitsForPerson = false
            self.allowsClipboardWrites = allowsClipboardWrites
            ending = nil
            status = .connected
            return sendSurfaceOutput()  // keys typed while connecting
        case .output(let attempt, let bytes):
            guard attempt == generation else { return [] }
            surface.write(bytes)
            followScrollback()
            return sendSurfaceOutput() + clipboardWrites() + commandRecords()
        case .exited(let attempt, let exitStatus, let signal):
            guard attempt == generation else { return [] }
            if let signal {
                ending = "the remote shell was killed by SIG\(signal)"
            } else if let exitStatus {
                ending = "the remote shell exited with status \(exitStatus)"
            }
            return []
        case .shellClosed(let attempt):
            guard attempt == generation else { return [] }
            status = .ended(ending ?? "the remote shell closed")
            return [.disconnect]
        case .connectionLost(let attempt, let detail):
            guard attempt == generation else { return [] }
            status = .dropped(detail)
            return [.disconnect]
        case .connectFailed(let attempt, let error):
            guard attempt == generation else { return [] }
            if backoff.attempts > 0, !waitsForPerson, Self.isTransient(error) {
                // An automatic attempt the network or the server refused: still lost, the
                // scrollback kept, the next wait longer.
                status = .dropped((error as? SSHFailure)?.detail ?? String(describing: error))
            } else {
                status = PaneStatus.failure(error)
            }
            return [.disconnect]
        case .historyStarted(let attempt, let hostID, let token):
            guard attempt == generation else { return [] }
            startHistory(for: hostID, token: token)
            return []
        case .fileSystemOpened, .browserReply, .followDirectory, .metrics:
            return []
        }
    }

    /// A new attempt: the old one retired, the shell asked for at the pane's size.
    private func connect() -> [PaneEffect] {
        guard let hostLabel else { return [] }
        var effects: [PaneEffect] = generation.map { [.retire($0)] } ?? []
        effects.append(.disconnect)
        let attempt = AttemptGeneration.next()
        generation = attempt
        commandRecorder = nil
        status = .connecting
        isScrolling = false
        scrollOffset = 0
        _ = surface.takeOutput()  // keys typed for an attempt that is gone
        reconnectCountdown = nil
        // A reconnect or a split keeps the person's place: the directory the shell last reported.
        let directory = surface.workingDirectory ?? startDirectory
        effects.append(.connect(hostLabel: hostLabel, generation: attempt, size: terminalSize, directory: directory))
        return effects
    }

    /// Reconnects when the Session is over (never by itself after an authentication failure:
    /// the person asks for it).
    private func reconnect() -> [PaneEffect] {
        guard hostLabel != nil else { return [.message("this pane has no Host to reconnect to")] }
        guard status.canReconnect else {
            return [.message(status == .connecting ? "already connecting" : "the Session is still connected")]
        }
        return connect()
    }

    /// True when a lost connection may come back without the person: lost after it was up
    /// (or an automatic attempt failed on the way), and the person did not say to wait.
    var mayReconnectByItself: Bool {
        guard hostLabel != nil, !waitsForPerson, case .dropped = status else { return false }
        return true
    }

    /// Esc while the pane counts down: no automatic attempt until a shell opens again.
    func waitForPerson() -> [PaneEffect] {
        reconnectCountdown = nil
        waitsForPerson = true
        return [.message("waiting for you to reconnect this pane")]
    }

    /// A failure worth another attempt by itself: the network or the server, never the
    /// credentials, the host key or the person cancelling.
    nonisolated static func isTransient(_ error: any Error) -> Bool {
        guard let failure = error as? SSHFailure else { return false }
        switch failure.kind {
        case .resolve, .connect, .timeout, .dropped, .handshake, .channel: return true
        default: return false
        }
    }

    /// Gives the surface a new size; the remote PTY follows through a window change.
    private func resize(to size: CellSize) -> [PaneEffect] {
        let rows = max(1, size.rows), columns = max(VTermSurface.minimumColumns, size.columns)
        guard rows != surface.rows || columns != surface.columns else { return [] }
        surface.resize(rows: rows, columns: columns)
        followScrollback()
        scrollOffset = min(scrollOffset, surface.scrollbackCount)
        return [.windowChange(terminalSize)]
    }

    /// What the surface encoded (keys, answers to the remote's queries), as bytes to send.
    private func sendSurfaceOutput() -> [PaneEffect] {
        let bytes = surface.takeOutput()
        return bytes.isEmpty ? [] : [.send(bytes)]
    }

    /// The remote program's clipboard writes: forwarded only when the Host allows them (a
    /// per-Host setting, off by default); every other request is dropped here.
    private func clipboardWrites() -> [PaneEffect] {
        guard !surface.clipboardRequests.isEmpty else { return [] }
        let requests = surface.clipboardRequests
        surface.clipboardRequests = []
        guard allowsClipboardWrites else { return [] }
        return [.setClipboard(requests.flatMap(\.sequence))]
    }

    /// Keeps a scrolled-back view (and copy mode's, scrolled or not) on the same lines while
    /// new ones arrive.
    private func followScrollback() {
        let count = surface.scrollbackCount
        if scrollOffset > 0 || copyMode != nil, count > lastScrollbackCount {
            scrollOffset = min(count, scrollOffset + count - lastScrollbackCount)
        }
        lastScrollbackCount = count
    }

    /// Moves the view `lines` further back (negative: towards the live screen).
    func scroll(by lines: Int) {
        scrollOffset = min(surface.scrollbackCount, max(0, scrollOffset + lines))
    }

    /// True in copy mode (the keys scroll and select instead of going to the remote); setting it
    /// enters copy mode with the cursor where the terminal's is, or leaves it for the live screen.
    var isScrolling: Bool {
        get { copyMode != nil }
        set {
            if newValue {
                if copyMode == nil { copyMode = CopyMode(cursor: terminalCursorPosition) }
            } else {
                copyMode = nil
                scrollOffset = 0
                searchedText = nil  // a full scrollback's text takes megabytes
            }
        }
    }

    /// The line a reconnected pane shows between the old Session's text and the new one's:
    /// `── reconnected 14:02 ──`, local time.
    nonisolated static func reconnectMarker(at date: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm"
        return "── reconnected \(formatter.string(from: date)) ──"
    }

    // MARK: - Drawing

    func draw(into buffer: inout CellBuffer, in rect: CellRect, context: PaneDrawContext) -> ScreenCursor? {
        refreshRows()
        let view = TerminalPaneView(pane: self, context: context)
        view.draw(in: rect, into: &buffer)
        return context.isFocused ? view.cursor(in: rect) : nil
    }

    /// Copies the rows libvterm changed since the last frame: a cache of the surface's screen,
    /// so a frame reads only what changed. Nothing outside the pane sees it.
    func refreshRows() {
        if rows.count != surface.rows || (rows.first?.count ?? -1) != surface.columns {
            rows = (0..<surface.rows).map { surface.cells(row: $0) }
            _ = surface.takeDamage()
        } else {
            for row in surface.takeDamagedRows() {
                rows[row] = surface.cells(row: row)
            }
        }
    }

    /// The line number of the view's top row.
    var viewTop: Int { surface.firstScreenLine - scrollOffset }

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
}
