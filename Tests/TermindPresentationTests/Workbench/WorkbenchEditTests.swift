import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest
@testable import TermindPresentation

/// `e` in a browser pane, over in-memory services: the editor runs with the screen lent to it
/// and taken back, a changed copy of a Host's file goes back only after the dialog's Upload,
/// and what is kept, refused or failed is said with the copy's path, terminal-safe.
@MainActor
final class WorkbenchEditTests: WorkbenchTestCase {
    private let wide = CellSize(columns: 200, rows: 40)
    private var recorder: RecordingScreen!

    private static let copy = "/home/alice/.cache/termind/edit/web-0001/notes.txt"

    /// A browser of `web` beside its terminal, the cursor on its one file, the screen recorded.
    @discardableResult
    private func browseNotes(_ files: MemoryTree? = nil, showing name: String = "notes.txt") async throws -> MemoryTree {
        try await start(size: wide)
        recorder = RecordingScreen()
        workbench.screen = recorder
        let files = files ?? MemoryTree(home: "/home/alice", paths: ["/home/alice/src/", "/home/alice/notes.txt"])
        services.serveFiles(files)
        _ = try await openFromNavigator("web")
        prefixed(.character("b"))
        await waitForScreen(containing: name)
        press(.down)
        return files
    }

    /// The editor notes whether the screen was lent while it ran (`RecordingScreen.seenByEditor`).
    private func editorSeesTheScreen() {
        let recorder = recorder!
        services.editor.onEdit { _ in await MainActor.run { recorder.editorRan() } }
    }

    func testEOnAHostsFileLendsTheScreenToTheEditorAsksThenUploadsTheChangedCopy() async throws {
        let files = try await browseNotes()
        editorSeesTheScreen()
        let listed = files.listings.count

        press(.character("e"))
        await waitForScreen(containing: "Upload your changes?")
        XCTAssertEqual(services.remoteEdits.map(\.path), ["/home/alice/notes.txt"])
        XCTAssertEqual(services.remoteEdits.map(\.location), ["memory"], "through the browser's own session")
        XCTAssertEqual(services.editor.paths, [Self.copy], "the editor opens the managed copy")
        XCTAssertEqual(recorder.seenByEditor, [true], "the editor ran with the screen lent to it")
        XCTAssertEqual(recorder.events, ["suspend", "resume"])
        XCTAssertTrue(screenText.contains("The editor changed your copy of memory:/home/alice/notes.txt."), screenReport)
        XCTAssertTrue(screenText.contains(" Upload ") && screenText.contains(" Keep the local copy "), screenReport)

        press(.enter)
        await waitForScreen(containing: "memory:/home/alice/notes.txt: uploaded 23 bytes (mode 0640 kept)")
        XCTAssertFalse(screenText.contains("Upload your changes?"), screenReport)
        await eventually("the browser lists its directory again", showing: "\(files.listings)") { files.listings.count > listed }
    }

    func testAnUnchangedCopyUploadsNothingAndAsksNothing() async throws {
        try await browseNotes()
        var script = ScriptedRemoteEdit()
        script.changes = false
        script.upload = { _ in XCTFail("nothing may be uploaded"); return .unchanged }
        services.scriptEdits(script)

        press(.character("e"))
        await waitForScreen(containing: "memory:/home/alice/notes.txt: unchanged, nothing uploaded")
        XCTAssertFalse(screenText.contains("Upload your changes?"), screenReport)
        XCTAssertEqual(recorder.events, ["suspend", "resume"])
    }

    func testKeepingTheLocalCopySaysWhereItIs() async throws {
        try await browseNotes()
        press(.character("e"))
        await waitForScreen(containing: "Upload your changes?")
        press(.right)
        press(.enter)
        await waitForScreen(containing: "Not uploaded")
        XCTAssertTrue(screenText.contains("Your copy is kept at \(Self.copy)."), screenReport)
        press(.character("x"))
        XCTAssertFalse(screenText.contains("Not uploaded"), "any key closes the report: \(screenReport)")
    }

    func testARemoteFileChangedMeanwhileIsRefusedNamingBothVersionsAndTheKeptCopy() async throws {
        try await browseNotes()
        var script = ScriptedRemoteEdit()
        script.upload = { edited in
            .remoteChanged(TransferError(
                .destinationChanged, edited.file,
                "changed since it was opened for editing (then 11 bytes; now 15 bytes); nothing was written"))
        }
        services.scriptEdits(script)

        press(.character("e"))
        await waitForScreen(containing: "Upload your changes?")
        press(.character("u"))
        await waitForScreen(containing: "Upload refused: the file changed on the server")
        XCTAssertTrue(screenText.contains("(then 11 bytes; now 15"), "both versions: \(screenReport)")
        XCTAssertTrue(screenText.contains("Your copy is kept at \(Self.copy)."), screenReport)
    }

    func testAFailedUploadKeepsTheCopyAndEverythingAServerNamedIsShownEscaped() async throws {
        let hostile = "/home/alice/\u{1B}]2;pwned\u{07}x.conf"
        try await browseNotes(MemoryTree(home: "/home/alice", paths: ["/home/alice/src/", hostile]), showing: "x.conf")
        var script = ScriptedRemoteEdit()
        script.upload = { edited in
            .failed(TransferFailure(FileSystemError(
                .permissionDenied, location: "web", path: edited.file.path, detail: "write failed: \u{1B}[31mdenied")), .failure)
        }
        services.scriptEdits(script)

        press(.character("e"))
        await waitForScreen(containing: "Upload your changes?")
        XCTAssertTrue(screenText.contains("your copy of memory:/home/alice/\\033]2;pwned\\007x.conf"), screenReport)
        press(.enter)
        await waitForScreen(containing: "Upload failed")
        XCTAssertTrue(screenText.contains("\\033[31mdenied"), screenReport)
        XCTAssertTrue(screenText.contains("Your copy is kept at /home/alice/.cache/termind/edit/web-0001/"), screenReport)
        XCTAssertFalse(screenText.unicodeScalars.contains("\u{1B}"), "an escape reached the screen: \(screenReport)")
    }

    func testEInABrowserOfThisMachineEditsTheFileItselfAndUploadsNothing() async throws {
        try await start(hosts: [], size: wide)
        recorder = RecordingScreen()
        workbench.screen = recorder
        services.serveFiles(MemoryTree(home: "/home/alice", paths: ["/home/alice/src/", "/home/alice/notes.txt"]))
        prefixed(.character("b"))
        await waitForScreen(containing: "notes.txt")
        press(.down)
        editorSeesTheScreen()

        press(.character("e"))
        await waitForScreen(containing: "/home/alice/notes.txt: the editor closed; a file of this machine, nothing to upload")
        XCTAssertEqual(services.editor.paths, ["/home/alice/notes.txt"])
        XCTAssertEqual(recorder.seenByEditor, [true])
        XCTAssertEqual(recorder.events, ["suspend", "resume"])
        XCTAssertTrue(services.remoteEdits.isEmpty)
    }

    func testAFailingEditorGivesTheScreenBackAndSaysWhy() async throws {
        try await start(hosts: [])
        recorder = RecordingScreen()
        workbench.screen = recorder
        services.serveFiles(MemoryTree(home: "/home/alice", paths: ["/home/alice/notes.txt"]))
        prefixed(.character("b"))
        await waitForScreen(containing: "notes.txt")
        services.editor.onEdit { _ in throw EditorFailure(command: "vim", detail: "exited with status 1") }

        press(.character("e"))
        await waitForScreen(containing: "the editor 'vim' exited with status 1")
        XCTAssertEqual(recorder.events, ["suspend", "resume"])
    }
}

/// The loop's side of lending the terminal, recorded.
@MainActor
final class RecordingScreen: ScreenSuspension {
    private(set) var events: [String] = []
    private(set) var isSuspended = false
    /// For each time an editor ran: whether the screen was lent to it then.
    private(set) var seenByEditor: [Bool] = []

    func editorRan() { seenByEditor.append(isSuspended) }

    func suspendScreen() {
        events.append("suspend")
        isSuspended = true
    }

    func resumeScreen() {
        events.append("resume")
        isSuspended = false
    }
}
