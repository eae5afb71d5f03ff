import Foundation
import TermindApplication
import TermindDomain
import XCTest
@testable import TermindPresentation

/// The SFTP browser pane as a component, driven by events alone: no workbench, no file system,
/// no terminal. Each test gives `update` events (keys, the file system's replies) and checks
/// the requests it asks for, what it shows and what it drops.
@MainActor
final class BrowserPaneUpdateTests: XCTestCase {
    private let size = CellSize(columns: 100, rows: 20)

    // MARK: - Helpers

    private static func file(_ path: String, size: UInt64 = 0, modified: Int64 = 1_700_000_000, mode: UInt32 = 0o100644, longName: String? = nil) -> BrowserEntry {
        BrowserEntry(RemoteFile(path: path, attributes: FileAttributes(size: size, userID: 1000, mode: mode, modified: modified), longName: longName))
    }

    private static func directory(_ path: String, modified: Int64 = 1_700_000_000) -> BrowserEntry {
        file(path, size: 4096, modified: modified, mode: 0o040755)
    }

    /// A browser on `web` with its file system open at `/home/alice`; returns it, its attempt and
    /// the number of the listing it asked for.
    private func openPane(startPath: String? = nil) throws -> (BrowserPane, AttemptGeneration, UInt64) {
        let pane = BrowserPane(paneID: PaneID(), side: .remote(hostLabel: "web"), size: size, startPath: startPath)
        let effects = pane.update(.connect)
        let generation = try XCTUnwrap(effects.lazy.compactMap { effect -> AttemptGeneration? in
            if case .openFileSystem(.remote("web"), let generation) = effect { generation } else { nil }
        }.first, "no openFileSystem: \(effects)")
        XCTAssertEqual(pane.status, .connecting)
        let listing = try listRequest(pane.update(.fileSystemOpened(generation, home: "/home/alice")))
        XCTAssertEqual(listing.path, startPath.map { RemotePath.join("/home/alice", $0) } ?? "/home/alice")
        return (pane, generation, listing.number)
    }

    /// The one listing request among `effects`.
    private func listRequest(_ effects: [PaneEffect], file: StaticString = #filePath, line: UInt = #line) throws -> (path: String, number: UInt64) {
        let found = effects.lazy.compactMap { effect -> (String, UInt64)? in
            if case .browse(.list(let path, let number), _) = effect { (path, number) } else { nil }
        }.first
        let request = try XCTUnwrap(found, "no listing asked for: \(effects)", file: file, line: line)
        return (request.0, request.1)
    }

    /// A pane showing `/home/alice` with `entries`.
    private func showing(_ entries: [BrowserEntry]) throws -> (BrowserPane, AttemptGeneration) {
        let (pane, generation, number) = try openPane()
        let effects = pane.update(.browserReply(generation, .listed(listing: number, path: "/home/alice", entries)))
        XCTAssertEqual(effects, [.recordDirectoryVisit(hostLabel: "web", path: "/home/alice")])
        return (pane, generation)
    }

    private func press(_ pane: BrowserPane, _ key: InputKey, _ modifiers: KeyModifiers = []) -> [PaneEffect] {
        pane.update(.key(KeyPress(key, modifiers: modifiers)))
    }

    private func type(_ pane: BrowserPane, _ text: String) {
        for character in text { _ = press(pane, .character(character)) }
    }

    private func names(_ pane: BrowserPane) -> [String] {
        (0..<pane.listing.count).map { pane.listing[$0].name }
    }

    private func screen(_ pane: BrowserPane, focused: Bool = true) -> String {
        var buffer = CellBuffer(width: size.columns, height: size.rows + 1)
        _ = pane.draw(into: &buffer, in: CellRect(size: CellSize(columns: size.columns, rows: size.rows + 1)), context: PaneDrawContext(number: 2, isFocused: focused, isZoomed: false))
        return buffer.lines.joined(separator: "\n")
    }

    private let sample = [
        file("/home/alice/b.txt", size: 300, modified: 1_700_000_300),
        directory("/home/alice/src", modified: 1_700_000_100),
        file("/home/alice/A.md", size: 5_000, modified: 1_700_000_200),
        file("/home/alice/.profile", size: 10, modified: 1_700_000_400),
        directory("/home/alice/docs", modified: 1_700_000_500),
    ]

    // MARK: - Opening and listing

    func testItOpensItsFileSystemThenListsTheStartDirectoryAndRecordsItOnlyOnceListed() async throws {
        let (pane, generation, number) = try openPane(startPath: "/srv/www")
        XCTAssertEqual(pane.path, nil, "nothing is shown before the listing arrives")
        let effects = pane.update(.browserReply(generation, .listed(listing: number, path: "/srv/www", [Self.file("/srv/www/index.html")])))
        XCTAssertEqual(effects, [.recordDirectoryVisit(hostLabel: "web", path: "/srv/www")])
        XCTAssertEqual(pane.path, "/srv/www")
        XCTAssertEqual(names(pane), ["index.html"])
    }

    func testDirectoriesComeFirstThenNamesCaseInsensitivelyAndDotFilesStayHiddenUntilToggled() async throws {
        let (pane, _) = try showing(sample)
        XCTAssertEqual(names(pane), ["docs", "src", "A.md", "b.txt"])
        _ = press(pane, .character("."))
        XCTAssertEqual(names(pane), ["docs", "src", ".profile", "A.md", "b.txt"])
        _ = press(pane, .character("."))
        XCTAssertEqual(names(pane), ["docs", "src", "A.md", "b.txt"])
    }

    func testSortCyclesThroughSizeAndTimeAndReverses() async throws {
        let (pane, _) = try showing(sample)
        _ = press(pane, .character("s"))
        XCTAssertEqual(pane.listing.sort.key, .size)
        XCTAssertEqual(names(pane), ["docs", "src", "A.md", "b.txt"], "the largest first, directories still first")
        _ = press(pane, .character("s"))
        XCTAssertEqual(pane.listing.sort.key, .time)
        XCTAssertEqual(names(pane), ["docs", "src", "b.txt", "A.md"], "the newest first")
        _ = press(pane, .character("S"))
        XCTAssertEqual(names(pane), ["src", "docs", "A.md", "b.txt"], "reversed: the oldest first")
        _ = press(pane, .character("s"))
        XCTAssertEqual(pane.listing.sort, BrowserSort(key: .name, isReversed: false))
    }

    func testTheFilterNarrowsAsItIsTypedAndEscapeClearsIt() async throws {
        let (pane, _) = try showing(sample)
        _ = press(pane, .character("/"))
        type(pane, "S")
        XCTAssertEqual(names(pane), ["docs", "src"], "case-insensitive: S matches docs and src")
        type(pane, "r")
        XCTAssertEqual(names(pane), ["src"])
        _ = press(pane, .enter)
        XCTAssertNil(pane.prompt, "Enter keeps the filter and leaves the prompt")
        XCTAssertEqual(names(pane), ["src"])
        XCTAssertTrue(screen(pane).contains("filter \"Sr\""), screen(pane))
        _ = press(pane, .escape)
        XCTAssertEqual(names(pane), ["docs", "src", "A.md", "b.txt"])
    }

    func testEnterOpensADirectoryBackspaceGoesUpAndBackAndForwardRetraceTheWay() async throws {
        let (pane, generation) = try showing(sample)
        XCTAssertEqual(pane.current?.name, "docs")
        let open = try listRequest(press(pane, .enter))
        XCTAssertEqual(open.path, "/home/alice/docs")
        _ = pane.update(.browserReply(generation, .listed(listing: open.number, path: "/home/alice/docs", [Self.file("/home/alice/docs/x")])))
        XCTAssertEqual(pane.path, "/home/alice/docs")

        let up = try listRequest(press(pane, .backspace))
        XCTAssertEqual(up.path, "/home/alice")
        _ = pane.update(.browserReply(generation, .listed(listing: up.number, path: "/home/alice", sample)))
        XCTAssertEqual(pane.current?.name, "docs", "going up puts the cursor on the directory left")

        let back = try listRequest(press(pane, .character("[")))
        XCTAssertEqual(back.path, "/home/alice/docs")
        _ = pane.update(.browserReply(generation, .listed(listing: back.number, path: "/home/alice/docs", [])))
        let forward = try listRequest(press(pane, .character("]")))
        XCTAssertEqual(forward.path, "/home/alice")
        _ = pane.update(.browserReply(generation, .listed(listing: forward.number, path: "/home/alice", sample)))
        XCTAssertEqual(pane.path, "/home/alice")
        XCTAssertEqual(press(pane, .character("]")), [.message("nothing to go forward to")])
    }

    func testThePathBarTakesAbsoluteRelativeAndHomePaths() async throws {
        let (pane, _) = try showing(sample)
        _ = press(pane, .character("g"))
        XCTAssertEqual(pane.prompt?.text, "/home/alice", "the path bar starts with the directory shown")
        _ = press(pane, .character("u"), .control)
        type(pane, "/etc")
        XCTAssertEqual(try listRequest(press(pane, .enter)).path, "/etc")
        _ = press(pane, .character(":"))
        _ = press(pane, .character("u"), .control)
        type(pane, "~/src")
        XCTAssertEqual(try listRequest(press(pane, .enter)).path, "/home/alice/src")
    }

    // MARK: - The stale-request guard

    func testAListingReplyForAnOlderRequestIsDroppedAndNotRecorded() async throws {
        let (pane, generation) = try showing(sample)
        let first = try listRequest(press(pane, .enter))  // docs
        _ = press(pane, .character("g"))
        _ = press(pane, .character("u"), .control)
        type(pane, "/var")
        let second = try listRequest(press(pane, .enter))
        XCTAssertGreaterThan(second.number, first.number)

        // The older reply arrives late: the person has moved on.
        let late = pane.update(.browserReply(generation, .listed(listing: first.number, path: "/home/alice/docs", [Self.file("/home/alice/docs/old")])))
        XCTAssertEqual(late, [], "a stale listing is not recorded in SFTP History")
        XCTAssertEqual(pane.path, "/home/alice")
        XCTAssertEqual(names(pane), ["docs", "src", "A.md", "b.txt"])
        let lateFailure = pane.update(.browserReply(generation, .listingFailed(
            listing: first.number, path: "/home/alice/docs", BrowserFailure(text: "boom", endsSession: false))))
        XCTAssertEqual(lateFailure, [])
        XCTAssertNil(pane.notice)

        let fresh = pane.update(.browserReply(generation, .listed(listing: second.number, path: "/var", [Self.directory("/var/log")])))
        XCTAssertEqual(fresh, [.recordDirectoryVisit(hostLabel: "web", path: "/var")])
        XCTAssertEqual(names(pane), ["log"])
    }

    func testAStartDirectoryThatCannotBeListedFallsBackToHomeAndSaysWhy() async throws {
        let (pane, generation, number) = try openPane(startPath: "/root/secret")
        let fallback = try listRequest(pane.update(.browserReply(generation, .listingFailed(
            listing: number, path: "/root/secret", BrowserFailure(text: "web:/root/secret: Permission denied", endsSession: false)))))
        XCTAssertEqual(fallback.path, "/home/alice")
        XCTAssertEqual(pane.notice?.text, "cannot list /root/secret: web:/root/secret: Permission denied")
        _ = pane.update(.browserReply(generation, .listed(listing: fallback.number, path: "/home/alice", sample)))
        XCTAssertEqual(pane.path, "/home/alice")
        XCTAssertTrue(screen(pane).contains("cannot list /root/secret"), "the reason stays on screen: \(screen(pane))")
    }

    func testListingTheSameDirectoryAgainIsNoNewVisit() async throws {
        let (pane, generation) = try showing(sample)
        let again = try listRequest(press(pane, .character("r")))
        XCTAssertEqual(again.path, "/home/alice")
        XCTAssertEqual(pane.update(.browserReply(generation, .listed(listing: again.number, path: "/home/alice", sample))), [])
    }

    func testRepliesOfARetiredAttemptAreDropped() async throws {
        let (pane, generation, number) = try openPane()
        _ = pane.update(.connectionLost(generation, "the connection was reset"))
        let effects = press(pane, .enter)
        XCTAssertTrue(effects.contains(.retire(generation)), "Enter reconnects: \(effects)")
        XCTAssertEqual(pane.update(.browserReply(generation, .listed(listing: number, path: "/home/alice", sample))), [])
        XCTAssertNil(pane.path)
    }

    // MARK: - Marks and changes

    func testSpaceMarksAndMarkAllTogglesAndDeleteAsksWithTheCountBeforeDeleting() async throws {
        let (pane, generation) = try showing(sample)
        _ = press(pane, .character(" "))  // docs
        _ = press(pane, .character(" "))  // src
        XCTAssertEqual(pane.marked, ["/home/alice/docs", "/home/alice/src"])
        let count = press(pane, .character("d"))
        XCTAssertEqual(count, [.browse(.count(["/home/alice/docs", "/home/alice/src"]), generation: generation)])
        XCTAssertTrue(pane.isLive, "a change in flight: closing asks first")
        _ = pane.update(.browserReply(generation, .counted(["/home/alice/docs", "/home/alice/src"], entries: 57)))
        XCTAssertEqual(pane.prompt?.question, "Delete 2 entries, 57 in all? (y/n) ")
        XCTAssertTrue(screen(pane).contains("Delete 2 entries, 57 in all? (y/n)"), screen(pane))

        let delete = press(pane, .character("y"))
        XCTAssertEqual(delete, [.browse(.delete(["/home/alice/docs", "/home/alice/src"]), generation: generation)])
        XCTAssertTrue(screen(pane).contains("deleting 57 entries…"), screen(pane))
        let refresh = pane.update(.browserReply(generation, .finished(.delete(["/home/alice/docs", "/home/alice/src"]), failure: nil)))
        XCTAssertEqual(try listRequest(refresh).path, "/home/alice", "the directory is listed again")
        XCTAssertEqual(pane.marked, [])

        _ = press(pane, .character("a"))
        XCTAssertEqual(pane.marked.count, 4, "every row shown")
        _ = press(pane, .character("a"))
        XCTAssertEqual(pane.marked, [], "again: none")
    }

    func testAnsweringNoDeletesNothing() async throws {
        let (pane, generation) = try showing(sample)
        _ = press(pane, .character("d"))
        _ = pane.update(.browserReply(generation, .counted(["/home/alice/docs"], entries: 3)))
        XCTAssertEqual(pane.prompt?.question, "Delete docs and the 2 entries in it? (y/n) ")
        XCTAssertEqual(press(pane, .character("n")), [])
        XCTAssertEqual(pane.notice?.text, "nothing deleted")
    }

    func testMkdirRenameAndChmodAskOnTheFootLine() async throws {
        let (pane, generation) = try showing(sample)
        _ = press(pane, .character("m"))
        type(pane, "new dir")
        XCTAssertEqual(press(pane, .enter), [.browse(.makeDirectory("/home/alice/new dir"), generation: generation)])
        _ = pane.update(.browserReply(generation, .finished(.makeDirectory("/home/alice/new dir"), failure: nil)))

        _ = press(pane, .character("n"))
        XCTAssertEqual(pane.prompt?.text, "docs", "rename starts from the old name")
        _ = press(pane, .character("u"), .control)
        type(pane, "papers")
        XCTAssertEqual(press(pane, .enter), [.browse(.rename("/home/alice/docs", to: "/home/alice/papers"), generation: generation)])
        _ = pane.update(.browserReply(generation, .finished(.rename("/home/alice/docs", to: "/home/alice/papers"), failure: nil)))

        _ = press(pane, .character("p"))
        XCTAssertEqual(pane.prompt?.text, "755")
        _ = press(pane, .character("u"), .control)
        type(pane, "9")
        XCTAssertEqual(press(pane, .enter), [])
        XCTAssertEqual(pane.notice, BrowserPane.Notice(text: "permissions are octal digits, 0 to 7777; 9 is not", isFailure: true))
        _ = press(pane, .character("p"))
        _ = press(pane, .character("u"), .control)
        type(pane, "700")
        XCTAssertEqual(press(pane, .enter), [.browse(.changePermissions(["/home/alice/docs"], to: 0o700), generation: generation)])
    }

    func testAFailureShowsThePathAndTheServersReasonInThePane() async throws {
        let (pane, generation) = try showing(sample)
        _ = press(pane, .character("d"))
        _ = pane.update(.browserReply(generation, .counted(["/home/alice/docs"], entries: 1)))
        _ = press(pane, .character("y"))
        let reason = "web:/home/alice/docs: removing the directory failed: Permission denied"
        let effects = pane.update(.browserReply(generation, .finished(.delete(["/home/alice/docs"]), failure: BrowserFailure(text: reason, endsSession: false))))
        XCTAssertNotNil(try? listRequest(effects), "what is left is listed again")
        XCTAssertEqual(pane.status, .connected, "a refused change is no crash and no disconnect")
        XCTAssertTrue(screen(pane).contains(reason), screen(pane))

        let listing = try listRequest(press(pane, .enter))
        _ = pane.update(.browserReply(generation, .listingFailed(
            listing: listing.number, path: "/home/alice/docs", BrowserFailure(text: "web:/home/alice/docs: Permission denied", endsSession: false))))
        XCTAssertEqual(pane.path, "/home/alice", "the pane stays where it was")
        XCTAssertTrue(screen(pane).contains("cannot list /home/alice/docs: web:/home/alice/docs: Permission denied"), screen(pane))
    }

    func testALostSessionOffersToReconnect() async throws {
        let (pane, generation) = try showing(sample)
        let effects = pane.update(.browserReply(generation, .finished(.makeDirectory("/home/alice/x"), failure: BrowserFailure(text: "the connection was lost", endsSession: true))))
        XCTAssertTrue(effects.contains(.disconnect), "\(effects)")
        XCTAssertEqual(pane.status, .dropped("the connection was lost"))
        XCTAssertTrue(screen(pane).contains("Enter: reconnect"), screen(pane))
    }

    // MARK: - What reaches the screen

    func testAHostileNameIsShownEscapedNeverAsEscapeSequences() async throws {
        let hostile = "/home/alice/\u{1B}]0;owned\u{07}\u{1B}[2Jevil\u{9B}31m"
        let (pane, _) = try showing([Self.file(hostile, longName: "-rw-r--r-- 1 \u{1B}[31mroot root 0 Jan 1 00:00 x")])
        let text = screen(pane)
        XCTAssertTrue(text.contains("\\033]0;owned\\007\\033[2Jevil\\302\\23331m"), text)
        XCTAssertEqual(pane.current?.owner, "\\033[31mroot", "the owner is escaped too")
        var buffer = CellBuffer(width: size.columns, height: size.rows + 1)
        _ = pane.draw(into: &buffer, in: CellRect(size: CellSize(columns: size.columns, rows: size.rows + 1)), context: PaneDrawContext(number: 1, isFocused: true, isZoomed: false))
        for row in buffer.lines {
            XCTAssertFalse(row.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "a control character reached a cell: \(row.debugDescription)")
        }
    }

    func testOnlyTheRowsThatFitAreDrawnAndTheCursorScrollsThem() async throws {
        let many = (0..<10_000).map { Self.file(String(format: "/home/alice/file%05d", $0)) }
        let (pane, _) = try showing(many)
        XCTAssertEqual(pane.listing.count, 10_000)
        XCTAssertTrue(screen(pane).contains("file00000"))
        XCTAssertFalse(screen(pane).contains("file00100"))
        _ = press(pane, .end)
        XCTAssertTrue(screen(pane).contains("file09999"), screen(pane))
        XCTAssertEqual(pane.top, 10_000 - pane.listRows)
    }

    func testTheWheelMovesTheCursorAndAClickPutsItOnARow() async throws {
        let (pane, _) = try showing(sample)
        _ = pane.update(.mouse(MouseEvent(kind: .scrollDown, column: 5, row: 4), row: 4, column: 5))
        XCTAssertEqual(pane.current?.name, "b.txt", "three rows down")
        _ = pane.update(.mouse(MouseEvent(kind: .press(.left), column: 5, row: 3), row: 3, column: 5))
        XCTAssertEqual(pane.current?.name, "src", "row 3 of the content is the second entry")
        _ = pane.update(.mouse(MouseEvent(kind: .press(.left), column: 5, row: 15), row: 15, column: 5))
        XCTAssertEqual(pane.current?.name, "src", "a click below the rows moves nothing")
    }

    func testABrowserFollowingAShellListsEachNewDirectoryAtOnceAndFStopsAndRestartsIt() async throws {
        let (pane, _) = try showing(sample)
        XCTAssertEqual(pane.update(.followDirectory("/srv")), [], "not opened beside a terminal: nothing followed")
        XCTAssertEqual(press(pane, .character("f")), [])
        XCTAssertEqual(pane.notice?.isFailure, true, "a browser opened without a terminal has nothing to follow")

        let shell = PaneID()
        pane.follow(shell, at: "/home/alice")
        XCTAssertTrue(pane.isFollowing, "on from the start beside a terminal")
        XCTAssertEqual(pane.update(.followDirectory("/home/alice")), [], "where it already is")
        XCTAssertEqual(try listRequest(pane.update(.followDirectory("/srv"))).path, "/srv", "the shell's cd is followed at once")
        XCTAssertEqual(pane.update(.followDirectory("/srv")), [], "the same directory again asks nothing")

        XCTAssertEqual(press(pane, .character("f")), [], "f stops it")
        XCTAssertFalse(pane.isFollowing)
        XCTAssertEqual(pane.update(.followDirectory("/srv/sub")), [], "not following: the shell moves alone")

        XCTAssertEqual(press(pane, .character("f")), [.followShell(shell)], "f again asks for the shell's directory now, not at its next cd")
        XCTAssertTrue(pane.isFollowing)
        XCTAssertEqual(try listRequest(pane.update(.followDirectory("/srv/sub"))).path, "/srv/sub")
    }

    func testADirectoryTheShellReportsWhileTheBrowserConnectsIsListedOnceItIsOpen() async throws {
        let pane = BrowserPane(paneID: PaneID(), side: .remote(hostLabel: "web"), size: size, startPath: "/home/alice")
        pane.follow(PaneID(), at: "/home/alice")
        let generation = try XCTUnwrap(pane.update(.connect).lazy.compactMap { effect -> AttemptGeneration? in
            if case .openFileSystem(_, let generation) = effect { generation } else { nil }
        }.first)
        XCTAssertEqual(pane.update(.followDirectory("/home/alice/src")), [], "nothing to list on yet")
        XCTAssertEqual(try listRequest(pane.update(.fileSystemOpened(generation, home: "/home/alice"))).path, "/home/alice/src",
                       "the shell's newest directory, not the one it was opened at")
    }

    /// How long it takes is `termind-bench browser`'s to say (benchmarks never fail a test).
    func testSortingAndFilteringTenThousandRowsKeepsEveryRowInOrder() async throws {
        let many = (0..<10_000).map { Self.file(String(format: "/home/alice/f%05d-", ($0 * 7919) % 10_000) + ($0 % 3 == 0 ? "log" : "txt"), size: UInt64($0)) }
        var listing = BrowserListing(entries: many)
        listing.setSort(BrowserSort(key: .size))
        listing.setFilter("log")
        XCTAssertEqual(listing.count, 3_334, "every third name ends in log")
        listing.setFilter("")
        XCTAssertEqual(listing.count, 10_000)
    }

    func testACopyOfASelectionBecomesATransferRequestIntoTheOtherBrowsersDirectory() {
        var copy = BrowserCopy(sourceHost: "web", sources: ["/srv/a.txt", "/srv/logs"])
        XCTAssertNil(copy.transferRequest, "no destination yet")
        copy.destinationHost = nil
        copy.destinationDirectory = "/home/me/in"
        XCTAssertEqual(copy.transferRequest, TransferRequest(
            source: .host("web"), paths: ["/srv/a.txt", "/srv/logs"], destination: .local, directory: "/home/me/in"))
        copy = BrowserCopy(sourceHost: nil, sources: ["/home/me/x"])
        copy.destinationHost = "db"
        copy.destinationDirectory = "/tmp"
        XCTAssertEqual(copy.transferRequest?.source, .local)
        XCTAssertEqual(copy.transferRequest?.destination, .host("db"))
    }

    func testEOnAFileAsksToEditItAndOnADirectoryExplainsWhyNot() throws {
        let (pane, _) = try showing([Self.directory("/home/alice/src"), Self.file("/home/alice/app.conf")])
        XCTAssertEqual(press(pane, .character("e")), [.message("e edits a file; this is not one")])
        _ = press(pane, .down)
        XCTAssertEqual(press(pane, .character("e")), [.editRemoteFile(host: "web", path: "/home/alice/app.conf")])
    }

    func testEInABrowserOfThisMachineEditsTheFileInPlace() throws {
        let pane = BrowserPane(paneID: PaneID(), side: .local, size: size, startPath: nil)
        let generation = try XCTUnwrap(pane.update(.connect).lazy.compactMap { effect -> AttemptGeneration? in
            if case .openFileSystem(.local, let generation) = effect { generation } else { nil }
        }.first)
        let listing = try listRequest(pane.update(.fileSystemOpened(generation, home: "/home/me")))
        _ = pane.update(.browserReply(generation, .listed(listing: listing.number, path: "/home/me", [Self.file("/home/me/notes.txt")])))
        XCTAssertEqual(press(pane, .character("e")), [.editLocalFile(path: "/home/me/notes.txt")])
    }
}
