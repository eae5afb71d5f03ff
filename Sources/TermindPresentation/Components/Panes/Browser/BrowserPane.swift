import Foundation
import TermindApplication
import TermindDomain

/// The SFTP browser pane as a component (`PaneKind.browser`, or `.localBrowser` for this
/// machine's files): one directory's listing with its columns, sorted, filtered, with dot files
/// hidden or shown; a path bar, back, forward and parent; marks; and mkdir, rename, delete and
/// chmod, each asked for on the pane's foot line. Every failure shows there, naming the path
/// and the server's reason.
///
/// `update` never does I/O: it asks for the file system (`.openFileSystem`, a connection of its
/// own through the same services and interaction queue as a terminal) and for each request
/// (`.browse`); the replies come back as `.fileSystemOpened` and `.browserReply`, tagged with
/// the attempt. Each listing asked for is numbered, and a reply to any but the last is dropped
/// (docs/behaviour.md §3): the person has moved on.
///
/// Confined to the TUI's main actor.
@MainActor
final class BrowserPane: PaneComponent {
    /// What the pending listing does to the back and forward lists once it arrives.
    enum Move: Equatable {
        /// Somewhere new: the directory left goes on the back list.
        case visit
        case back
        case forward
        /// The same directory again (refresh, after a change): the cursor and marks stay.
        case stay
    }

    /// A line at the pane's foot until the next key: what happened, or what failed and why.
    struct Notice: Equatable {
        let text: String
        let isFailure: Bool
    }

    let paneID: PaneID
    let side: BrowserSide
    private(set) var status: PaneStatus = .connecting
    private(set) var generation: AttemptGeneration?
    /// Where to start (the shell's OSC 7 directory of the terminal it opened from); nil: the
    /// home directory (the SFTP server's start, or where termind was started for this machine).
    var startPath: String?
    /// The start directory the file system gave (`~` in the path bar).
    private(set) var home: String?
    /// The directory shown: the last one listed.
    private(set) var path: String?
    private(set) var listing = BrowserListing()
    private(set) var history = BrowserHistory()
    /// The number of the last listing asked for: replies to older ones are dropped.
    private(set) var listingNumber: UInt64 = 0
    /// The listing asked for and not yet answered, and what it does once it arrives.
    private(set) var pending: (path: String, move: Move)?
    /// The visible row the cursor is on, and the first row drawn.
    private(set) var cursor = 0
    private(set) var top = 0
    /// Paths marked with Space.
    private(set) var marked: Set<String> = []
    private(set) var prompt: BrowserPrompt?
    private(set) var notice: Notice?
    /// A change in flight (`deleting 57 entries`): the pane says so until it is done.
    private(set) var busy: String?
    /// The full list of keys instead of the listing (`?`).
    private(set) var showsKeys = false
    /// The terminal pane whose shell's directory this browser can follow (the one it was
    /// opened beside), and whether it does: from the start when opened beside one, until `f`.
    var followedPane: PaneID?
    private(set) var isFollowing = false
    /// The followed shell's directory last seen, so each change is followed once.
    private(set) var lastFollowed: String?
    /// A directory the shell reported while the file system was not open yet: listed as soon
    /// as it is (dropping it would leave the browser behind until the next `cd`).
    private(set) var pendingFollow: String?
    /// The entry to put the cursor on when the next listing arrives (a new directory, a renamed
    /// entry, the directory just left for its parent).
    private var cursorTarget: String?
    /// The rows of content the pane has (its listing gets all but the path bar, the header and
    /// the foot line).
    private(set) var size: CellSize

    init(paneID: PaneID, side: BrowserSide, size: CellSize, startPath: String? = nil) {
        self.paneID = paneID
        self.side = side
        self.size = size
        self.startPath = startPath
    }

    var hostLabel: String? { side.hostLabel }
    /// Nothing is lost by closing a browser, except a change in flight.
    var isLive: Bool { busy != nil }
    var isLost: Bool { status.isLost }
    var acceptsPlainText: Bool { false }
    var statusHint: String? {
        if prompt != nil { return "Enter: done · Escape: cancel" }
        return "browser: ? lists its keys"
    }

    /// Rows of the listing shown at once.
    var listRows: Int { max(1, size.rows - 3) }
    /// The entry under the cursor.
    var current: BrowserEntry? { listing.count > 0 ? listing[min(cursor, listing.count - 1)] : nil }
    /// What a change applies to: the marked entries shown (in their order), else the one under
    /// the cursor. A mark the filter hides is never acted on unseen.
    var targets: [String] {
        if !marked.isEmpty { return (0..<listing.count).map { listing[$0].path }.filter(marked.contains) }
        return current.map { [$0.path] } ?? []
    }

    // MARK: - Update

    func update(_ event: PaneEvent) -> [PaneEffect] {
        switch event {
        case .key(let press):
            return key(press)
        case .paste(let bytes):
            guard prompt?.takesText == true else { return [] }
            let line = String(decoding: bytes, as: UTF8.self).prefix { $0 != "\n" && $0 != "\r" }
            return edit { $0 += line.filter { !CellBuffer.isControl($0) } }
        case .resized(let size):
            self.size = size
            keepCursorInView()
            return []
        case .connect:
            return connect()
        case .reconnect:
            guard status.canReconnect else {
                return [.message(status == .connecting ? "already connecting" : "the browser is connected; r lists again")]
            }
            return connect()
        case .close:
            return (generation.map { [.retire($0)] } ?? []) + [.disconnect]
        case .hostRemoved:
            guard status.isLive else { return [] }
            status = .dropped("its Host was removed from the Vault")
            return (generation.map { [.retire($0)] } ?? []) + [.disconnect]
        case .fileSystemOpened(let attempt, let home):
            guard attempt == generation else { return [] }
            status = .connected
            self.home = home
            if isFollowing, let directory = pendingFollow {
                pendingFollow = nil
                lastFollowed = directory
                return list(directory, move: path == nil ? .stay : .visit)
            }
            // A reconnect lists again where the pane was.
            return list(path ?? startPath.map { RemotePath.join(home, $0) } ?? home, move: .stay)
        case .browserReply(let attempt, let reply):
            guard attempt == generation else { return [] }
            return receive(reply)
        case .connectFailed(let attempt, let error):
            guard attempt == generation else { return [] }
            status = PaneStatus.failure(error)
            busy = nil
            return [.disconnect]
        case .connectionLost(let attempt, let detail):
            guard attempt == generation else { return [] }
            status = .dropped(detail)
            busy = nil
            return [.disconnect]
        case .followDirectory(let directory):
            guard isFollowing, directory != lastFollowed else { return [] }
            guard status == .connected else {
                pendingFollow = directory
                return []
            }
            lastFollowed = directory
            guard directory != path else { return [] }
            return list(directory, move: .visit)
        case .mouse(let mouse, let row, _):
            // The wheel moves the cursor; a click on a row puts it there (row 2 is the first).
            switch mouse.kind {
            case .scrollUp: moveCursor(by: -3)
            case .scrollDown: moveCursor(by: 3)
            case .press(.left) where row >= 2 && top + row - 2 < listing.count && prompt == nil: moveCursor(to: top + row - 2)
            default: break
            }
            return []
        case .find:
            // Find in a browser is its filter.
            return key(KeyPress(.character("/")))
        case .typed, .viewed, .scrollMode, .copyMode, .previousPrompt, .copyCommandOutput, .sendPrefix, .shellOpened, .output, .exited, .shellClosed, .historyStarted,
             .metrics, .reconnectByItself, .reconnectTick:
            return []
        }
    }

    /// A new attempt: the old one retired, the file system asked for.
    private func connect() -> [PaneEffect] {
        var effects: [PaneEffect] = generation.map { [.retire($0)] } ?? []
        effects.append(.disconnect)
        let attempt = AttemptGeneration.next()
        generation = attempt
        status = .connecting
        pending = nil
        busy = nil
        effects.append(.openFileSystem(side, generation: attempt))
        return effects
    }

    /// Asks for a listing of `target`; any listing asked for before is now stale.
    func list(_ target: String, move: Move) -> [PaneEffect] {
        guard let generation, status == .connected else { return [] }
        listingNumber += 1
        pending = (target, move)
        return [.browse(.list(path: target, listing: listingNumber), generation: generation)]
    }

    /// Lists the directory shown again (after a change, or `r`).
    func refresh() -> [PaneEffect] {
        guard let path else { return [] }
        return list(path, move: .stay)
    }

    private func receive(_ reply: BrowserReply) -> [PaneEffect] {
        switch reply {
        case .listed(let number, let listed, let entries):
            guard number == listingNumber, let move = pending?.move else { return [] }
            pending = nil
            let arrived = listed != path
            show(entries, of: listed, move: move)
            // SFTP History records a directory once it was listed fresh and shown, on arrival
            // (listing it again after a change is no new visit).
            guard arrived, let host = side.hostLabel else { return [] }
            return [.recordDirectoryVisit(hostLabel: host, path: listed)]
        case .listingFailed(let number, let failedPath, let failure):
            guard number == listingNumber else { return [] }
            pending = nil
            cursorTarget = nil
            if failure.endsSession {
                status = .dropped(failure.text)
                return [.disconnect]
            }
            notice = Notice(text: "cannot list \(TerminalSafeText(failedPath).text): \(failure.text)", isFailure: true)
            // A start directory that cannot be listed (the shell's, gone or closed): home instead.
            if path == nil, let home, failedPath != home { return list(home, move: .stay) }
            return []
        case .counted(let paths, let entries):
            guard busy != nil, paths == targets else { return [] }
            busy = nil
            prompt = BrowserPrompt(.confirmDelete(paths, entries: entries))
            return []
        case .finished(let request, let failure):
            busy = nil
            if let failure {
                notice = Notice(text: failure.text, isFailure: true)
                if failure.endsSession {
                    status = .dropped(failure.text)
                    return [.disconnect]
                }
            } else {
                notice = Notice(text: Self.done(request), isFailure: false)
            }
            if case .delete = request { marked = [] }
            return refresh()
        }
    }

    /// The new listing on screen: history moved, the cursor on the entry it should be on.
    private func show(_ entries: [BrowserEntry], of listed: String, move: Move) {
        let previous = path
        if let previous, previous != listed {
            switch move {
            case .visit: history.leave(previous)
            case .back: _ = history.goBack(from: previous)
            case .forward: _ = history.goForward(from: previous)
            case .stay: break
            }
        }
        let sameDirectory = previous == listed
        let keptPath = sameDirectory ? current?.path : nil
        path = listed
        if !sameDirectory {
            listing.setFilter("")
            marked = []
            if prompt?.purpose == .filter { prompt = nil }
        }
        listing.replace(entries)
        let existing = Set(entries.map(\.path))
        marked = marked.intersection(existing)
        let target = cursorTarget ?? keptPath
        cursorTarget = nil
        cursor = target.flatMap { listing.row(of: $0) } ?? (sameDirectory ? min(cursor, max(0, listing.count - 1)) : 0)
        if !sameDirectory { top = 0 }
        keepCursorInView()
    }

    private static func done(_ request: BrowserRequest) -> String {
        switch request {
        case .makeDirectory(let path): "created \(TerminalSafeText(path).text)"
        case .rename(let from, let to): "renamed \(TerminalSafeText(RemotePath.name(of: from)).text) to \(TerminalSafeText(to).text)"
        case .delete(let paths): "deleted \(paths.count == 1 ? TerminalSafeText(paths[0]).text : "\(paths.count) entries")"
        case .changePermissions(let paths, let mode):
            "set the permissions of \(paths.count == 1 ? TerminalSafeText(paths[0]).text : "\(paths.count) entries") to \(String(mode, radix: 8))"
        case .list, .count: ""
        }
    }

    // MARK: - Moving about

    func moveCursor(by rows: Int) {
        guard listing.count > 0 else { return }
        cursor = min(listing.count - 1, max(0, cursor + rows))
        keepCursorInView()
    }

    func moveCursor(to row: Int) {
        cursor = max(0, min(row, listing.count - 1))
        keepCursorInView()
    }

    /// Scrolls just enough that the cursor's row is drawn.
    func keepCursorInView() {
        cursor = max(0, min(cursor, listing.count - 1))
        if cursor < top { top = cursor }
        if cursor >= top + listRows { top = cursor - listRows + 1 }
        top = max(0, min(top, max(0, listing.count - listRows)))
    }

    /// Opens the entry under the cursor: a directory (or a link, which may be one) is listed.
    func open() -> [PaneEffect] {
        guard let entry = current else { return [] }
        guard entry.isDirectory || entry.kind == .symlink else {
            return [.message("\(entry.shownName) is a file: e edits it, c copies it to another browser")]
        }
        return list(entry.path, move: .visit)
    }

    func goToParent() -> [PaneEffect] {
        guard let path, path != "/" else { return [] }
        cursorTarget = path
        return list(RemotePath.parent(of: path), move: .visit)
    }

    func goBack() -> [PaneEffect] {
        guard let target = history.back.last else { return [.message("nothing to go back to")] }
        return list(target, move: .back)
    }

    func goForward() -> [PaneEffect] {
        guard let target = history.forward.last else { return [.message("nothing to go forward to")] }
        return list(target, move: .forward)
    }

    // MARK: - Changing what is shown

    func cycleSort() {
        var sort = listing.sort
        sort.cycle()
        resort(sort)
    }

    func reverseSort() {
        var sort = listing.sort
        sort.isReversed.toggle()
        resort(sort)
    }

    private func resort(_ sort: BrowserSort) {
        let kept = current?.path
        listing.setSort(sort)
        cursor = kept.flatMap { listing.row(of: $0) } ?? 0
        keepCursorInView()
        notice = Notice(text: "sorted \(sort.label)", isFailure: false)
    }

    func toggleHidden() {
        let kept = current?.path
        listing.setShowsHidden(!listing.showsHidden)
        cursor = kept.flatMap { listing.row(of: $0) } ?? 0
        keepCursorInView()
        notice = Notice(text: listing.showsHidden ? "showing hidden files" : "hiding hidden files", isFailure: false)
    }

    func setFilter(_ text: String) {
        listing.setFilter(text)
        cursor = 0
        top = 0
    }

    func toggleMark() {
        guard let entry = current else { return }
        if marked.remove(entry.path) == nil { marked.insert(entry.path) }
        moveCursor(by: 1)
    }

    /// Marks every row shown, or clears the marks when they are all marked already.
    func toggleMarkAll() {
        let shown = (0..<listing.count).map { listing[$0].path }
        if !shown.isEmpty && shown.allSatisfy(marked.contains) {
            marked.subtract(shown)
        } else {
            marked.formUnion(shown)
        }
    }

    func clearMarks() { marked = [] }

    /// Drops the marks of `paths` (a copy of them was queued).
    func unmark(_ paths: [String]) { marked.subtract(paths) }

    /// Follows the shell of terminal pane `pane`, which is in `directory` (if it said): a
    /// browser opened beside a terminal does from the start.
    func follow(_ pane: PaneID, at directory: String?) {
        followedPane = pane
        isFollowing = true
        lastFollowed = directory
        pendingFollow = nil
    }

    /// Stops or starts following the shell beside (`f`). Starting asks for the shell's
    /// directory at once: it may have moved while the browser was not following, and waiting
    /// for its next report would leave the browser behind until the next `cd`.
    func toggleFollowing() -> [PaneEffect] {
        guard let followedPane else {
            say("this browser was not opened beside a terminal: nothing to follow", failure: true)
            return []
        }
        isFollowing.toggle()
        lastFollowed = nil
        pendingFollow = nil
        say(isFollowing ? "following the shell's directory (f stops)" : "no longer following the shell's directory (f follows again)")
        return isFollowing ? [.followShell(followedPane)] : []
    }

    func toggleKeys() { showsKeys.toggle() }

    // MARK: - Prompts and changes

    func ask(_ prompt: BrowserPrompt?) {
        self.prompt = prompt
    }

    func say(_ text: String, failure: Bool = false) {
        notice = Notice(text: text, isFailure: failure)
    }

    func clearNotice() { notice = nil }

    /// Starts a change on the file system; the pane says what it is doing until it is done.
    func change(_ request: BrowserRequest, doing: String) -> [PaneEffect] {
        guard let generation, status == .connected else { return [.message("the browser is not connected")] }
        busy = doing
        switch request {
        case .makeDirectory(let path), .rename(_, let path): cursorTarget = path
        default: break
        }
        return [.browse(request, generation: generation)]
    }

    /// Edits the prompt's text with `body` (the filter applies as it is typed).
    func edit(_ body: (inout String) -> Void) -> [PaneEffect] {
        guard var prompt, prompt.takesText else { return [] }
        body(&prompt.text)
        self.prompt = prompt
        if prompt.purpose == .filter { setFilter(prompt.text) }
        return []
    }

    // MARK: - Drawing

    func draw(into buffer: inout CellBuffer, in rect: CellRect, context: PaneDrawContext) -> ScreenCursor? {
        let view = BrowserPaneView(pane: self, context: context)
        view.draw(in: rect, into: &buffer)
        return context.isFocused ? view.cursor(in: rect) : nil
    }
}
