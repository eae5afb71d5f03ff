import Synchronization
import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest
@testable import TermindPresentation

/// The transfer queue in the workbench: `C-\ t` toggles its overlay, the earlier runs'
/// interrupted transfers are listed at start and wait for the person, and a pane's
/// `requestTransfer` reaches the queue (a Host that cannot be reached says so on the status bar).
@MainActor
final class WorkbenchTransferQueueTests: XCTestCase {
    private var workbench: Workbench!
    private var sites: UnreachableSites!

    /// The sites of a queue whose Hosts cannot be reached: every side asked for is recorded.
    final class UnreachableSites: TransferSiteProvider {
        private let asked = Mutex<[TransferSide]>([])
        var sides: [TransferSide] { asked.withLock { $0 } }

        func site(for side: TransferSide) async throws -> TransferSite {
            asked.withLock { $0.append(side) }
            throw SSHFailure(.connect, connection: side.location, detail: "connection refused")
        }

        func close() async {}
    }

    /// The in-memory services with a transfer queue.
    struct Services: WorkbenchServices {
        let base: InMemoryWorkbenchServices
        let queue: TransferQueue

        func hosts() async throws -> [Host] { try await base.hosts() }
        func connect(hostLabel: String, interactions: InteractionQueue, generation: AttemptGeneration) async throws -> any SSHConnection {
            try await base.connect(hostLabel: hostLabel, interactions: interactions, generation: generation)
        }
        func recentWorkspaces() async -> [Workspace] { await base.recentWorkspaces() }
        func saveRecentWorkspaces(_ workspaces: [Workspace]) async { await base.saveRecentWorkspaces(workspaces) }
        var activeTransferCount: Int { queue.activeCount }
        func importPreview() async throws -> ImportPreview { try await base.importPreview() }
        func commitImport(_ selection: ImportSelection, of preview: ImportPreview) async throws -> ImportReport {
            try await base.commitImport(selection, of: preview)
        }
        func transferQueue(interactions: InteractionQueue, shared: SharedConnections) -> TransferQueue? { queue }
        func connectForFiles(hostLabel: String, interactions: InteractionQueue, generation: AttemptGeneration) async throws -> any SSHConnection {
            try await base.connectForFiles(hostLabel: hostLabel, interactions: interactions, generation: generation)
        }
        func localFileSystem() -> any FileSystem { base.localFileSystem() }
        func recordDirectoryVisit(hostLabel: String, path: String) async { await base.recordDirectoryVisit(hostLabel: hostLabel, path: path) }
        func recordCommand(_ entry: CommandHistoryEntry) async throws { try await base.recordCommand(entry) }
        func searchCommands(_ query: CommandHistoryQuery) async throws -> [CommandHistoryEntry] { try await base.searchCommands(query) }
    }

    private let record = PartialTransferRecord(
        source: TransferAddress(location: "web", path: "/srv/big.iso"), sourceSize: 200_000_000, sourceModified: 1_700_000_000,
        destination: TransferAddress(location: "local", path: "/home/me/big.iso"), partialPath: "/home/me/.big.iso.termind-partial",
        verifiedBytes: 50_000_000, sha256: "", savedAt: .init(timeIntervalSince1970: 1_700_000_000))

    private func start() async throws {
        sites = UnreachableSites()
        let store = InMemoryPartialTransferStore([record])
        let services = Services(base: InMemoryWorkbenchServices(hosts: [WorkbenchFixture.host("web")]),
                                queue: TransferQueue(sites: sites, store: store, listing: store))
        workbench = Workbench(services: services, keymap: try WorkbenchFixture.defaultKeymap(), size: CellSize(columns: 160, rows: 30))
        await workbench.start()
        press(.tab)  // from the Navigator to the panes
    }

    override func tearDown() async throws {
        await workbench?.shutdown()
        workbench = nil
    }

    private func press(_ key: InputKey, _ modifiers: KeyModifiers = []) {
        workbench.handle(.key(KeyPress(key, modifiers: modifiers)))
    }

    private func prefixed(_ key: InputKey) {
        workbench.handle(.key(.character("\\", modifiers: .control)))
        press(key)
    }

    private var screenText: String { workbench.frame().buffer.lines.joined(separator: "\n") }

    func testCtrlBackslashTShowsTheInterruptedTransfersOfEarlierRunsAndHidesThem() async throws {
        try await start()
        prefixed(.character("t"))

        await eventually("the interrupted transfer is listed", showing: screenText) { screenText.contains("interrupted") }
        let screen = screenText
        XCTAssertTrue(screen.contains("Transfers: 0 running, 0 waiting"), screen)
        XCTAssertTrue(screen.contains("web:/srv/big.iso → local:/home/me/big.iso"), screen)
        XCTAssertTrue(screen.contains("50.0 MB / 200.0 MB"), screen)
        XCTAssertTrue(screen.contains("r resumes it from its verified prefix"), screen)
        XCTAssertTrue(screen.contains(" 1 transfer waiting"), "the interrupted one waits for the person:\n\(screen)")
        XCTAssertTrue(sites.sides.isEmpty, "nothing was replayed or connected by itself")

        prefixed(.character("t"))
        XCTAssertFalse(screenText.contains("interrupted"), screenText)
    }

    func testResumingAnInterruptedTransferWhoseHostCannotBeReachedSaysSoAndKeepsIt() async throws {
        try await start()
        prefixed(.character("t"))
        await eventually("listed", showing: screenText) { screenText.contains("interrupted") }

        press(.character("r"))

        await eventually("the failure on the status bar", showing: screenText) { screenText.contains("connection refused") }
        XCTAssertEqual(sites.sides, [.host("web")])
        XCTAssertTrue(screenText.contains("interrupted"), "still listed:\n\(screenText)")
    }

    func testAPanesRequestTransferReachesTheQueue() async throws {
        try await start()
        let request = TransferRequest(source: .local, paths: ["/home/me/a.txt"], destination: .host("web"), directory: "/srv")

        workbench.run([.requestTransfer(request)], for: workbench.workspace.focusedPaneID)

        await eventually("the queue was asked", showing: screenText) { sites.sides == [.local] }
        await eventually("the failure on the status bar", showing: screenText) { screenText.contains("copy to web:/srv") }
    }

    func testKeysWhileTheOverlayIsOpenDoNotReachThePane() async throws {
        try await start()
        prefixed(.character("t"))
        press(.character("j"))
        press(.escape)
        XCTAssertFalse(screenText.contains("Transfers:"), screenText)
    }

    func testAConflictQuestionNamesBothFilesTheKeepBothNameAndTheAnswersForTheBatch() {
        let conflict = TransferConflict(
            source: TransferAddress(location: "local", path: "/home/me/report.pdf"), sourceAttributes: FileAttributes(size: 2_500_000),
            destination: TransferAddress(location: "web", path: "/srv/report.pdf"), existing: FileAttributes(size: 1_000))
        var buffer = CellBuffer(width: 120, height: 20)

        TransferConflictView.draw(TransferQueueQuestion(id: 1, conflict: conflict), waiting: 3,
                                  in: CellRect(column: 0, row: 0, columns: 120, rows: 20), into: &buffer)

        let text = buffer.lines.joined(separator: "\n")
        XCTAssertTrue(text.contains("web:/srv/report.pdf exists."), text)
        XCTAssertTrue(text.contains("Copying: /home/me/report.pdf 2.5 MB"), text)
        XCTAssertTrue(text.contains("report (1).pdf"), text)
        XCTAssertTrue(text.contains("2 more questions after this one"), text)
        XCTAssertTrue(text.contains("O S K: the same for the rest of the Batch"), text)
    }

    func testAQueueLineShowsDirectionFileBytesRateAndTimeLeft() {
        var item = TransferQueueItem(
            id: .transfer(TransferID(batch: TransferBatchID(1), index: 0)), source: TransferAddress(location: "web", path: "/srv/big.iso"),
            destination: TransferAddress(location: "local", path: "/home/me/big.iso"), bytesDone: 50_000_000, totalBytes: 200_000_000,
            bytesPerSecond: 25_000_000, state: .running)

        let line = TransferQueueView.line(item, width: 140)

        XCTAssertTrue(line.hasPrefix(" running     ↓ web:/srv/big.iso → local:/home/me/big.iso"), line)
        XCTAssertTrue(line.hasSuffix("50.0 MB / 200.0 MB   25.0%  25.0 MB/s  0:06"), line)
        item.state = .paused
        XCTAssertFalse(TransferQueueView.line(item, width: 140).contains("MB/s"))
    }

    func testAQueueLineNamesBothEndsWithTheirHostsEvenWhenTheRoomIsShort() {
        let item = TransferQueueItem(
            id: .transfer(TransferID(batch: TransferBatchID(1), index: 0)),
            source: TransferAddress(location: "srv", path: "/home/tb/projects/deploy/releases/2026-12-07/report.pdf"),
            destination: TransferAddress(location: "srv2", path: "/srv/incoming/from-srv/archive/2026/report.pdf"), state: .waiting)

        XCTAssertEqual(TransferQueueView.ends(item, width: 200),
                       "srv:/home/tb/projects/deploy/releases/2026-12-07/report.pdf → srv2:/srv/incoming/from-srv/archive/2026/report.pdf")
        let short = TransferQueueView.ends(item, width: 60)
        XCTAssertLessThanOrEqual(CharacterWidth.columns(of: short), 60, short)
        let halves = short.components(separatedBy: " → ")
        XCTAssertEqual(halves.count, 2, short)
        XCTAssertTrue(halves[0].hasPrefix("srv:/") && halves[0].hasSuffix("report.pdf"), "the source keeps its Host and name: \(short)")
        XCTAssertTrue(halves[1].hasPrefix("srv2:/") && halves[1].hasSuffix("report.pdf"), "the destination too: \(short)")
        XCTAssertTrue(TransferQueueView.line(item, width: 100).contains(" ⇄ srv:/"), TransferQueueView.line(item, width: 100))
    }
}
