import Synchronization
import TermindApplication
import TermindDomain
import XCTest

/// `RemoteEditSession` over two memory file systems (a server and this machine) and an editor
/// the test scripts: what goes back, what is kept, and what is refused.
final class RemoteEditSessionTests: XCTestCase {
    private let server = MemoryFileSystem(location: "web")
    private let here = MemoryFileSystem(location: "local")
    private let original = Array("listen 80;\n".utf8)

    override func setUp() {
        server.addFile("/etc/app.conf", original, mode: 0o640, modified: 1_650_000_000)
    }

    /// Finishes an edit that appended "mine", replacing /etc/app.conf with `text` (mode 0640,
    /// `modified`) while the partial's first write is held: after the check before the upload.
    private func finishWhileTheFileChangesDuringTheUpload(to text: String, modified: Int64, force: Bool = false) async throws -> RemoteEditReport {
        let server = server
        let edited = try await session(appending("mine\n")).open("/etc/app.conf", create: false)
        server.faults.gateAtOffset = 0
        let session = session(appending("mine\n"))
        let finishing = Task { await session.finish(edited, force: force, consent: .given) }
        await server.gateReached()
        server.addFile("/etc/app.conf", Array(text.utf8), mode: 0o640, modified: modified)
        server.openGate()
        return await finishing.value
    }

    private func session(_ edit: @escaping @Sendable (String) async throws -> Void) -> RemoteEditSession {
        RemoteEditSession(
            remote: TransferSite(fileSystem: server), local: .local(here), copies: MemoryEditCopies(here),
            editor: ScriptedEditor(edit), engine: TransferEngine(parallel: 1))
    }

    /// An editor that appends a line to the copy, as a person saving a change would.
    private func appending(_ line: String) -> @Sendable (String) async throws -> Void {
        let here = here
        return { path in here.addFile(path, (here.contents(path) ?? []) + Array(line.utf8), mode: 0o600) }
    }

    func testAChangedCopyIsUploadedAndTheRemoteFileKeepsItsMode() async throws {
        let report = try await session(appending("listen 443;\n")).run("/etc/app.conf", consent: .given)

        guard case .uploaded(let bytes, let sha256) = report.outcome else { return XCTFail("\(report.outcome)") }
        let expected = original + Array("listen 443;\n".utf8)
        XCTAssertEqual(server.contents("/etc/app.conf"), expected)
        XCTAssertEqual(bytes, UInt64(expected.count))
        XCTAssertEqual(sha256, ContentDigest.hex(of: expected))
        guard case .file(_, let mode, _, _)? = server.node("/etc/app.conf") else { return XCTFail("no file") }
        XCTAssertEqual(mode & 0o7777, 0o640)
        XCTAssertEqual(server.counters.renames.map(\.to), ["/etc/app.conf"])
        XCTAssertNil(report.keptCopy)
        XCTAssertNil(here.node(report.edited.copy), "an uploaded copy is removed")
        XCTAssertNil(here.node(report.edited.directory))
        XCTAssertEqual(report.outcome.exitCode, .success)
    }

    func testTheLocalCopyIsMode0600WhateverTheRemoteMode() async throws {
        server.addFile("/etc/app.conf", original, mode: 0o644)
        let seen = Mutex<UInt32?>(nil)
        let here = here
        let report = try await session { path in
            if case .file(_, let mode, _, _)? = here.node(path) { seen.withLock { $0 = mode & 0o7777 } }
        }.run("/etc/app.conf", consent: .given)
        XCTAssertEqual(seen.withLock { $0 }, 0o600)
        guard case .unchanged = report.outcome else { return XCTFail("\(report.outcome)") }
    }

    func testAnUnchangedCopyUploadsNothingAndIsRemoved() async throws {
        let report = try await session { _ in }.run("/etc/app.conf", consent: .given)

        guard case .unchanged = report.outcome else { return XCTFail("\(report.outcome)") }
        XCTAssertEqual(server.counters.bytesWritten, 0)
        XCTAssertTrue(server.counters.renames.isEmpty)
        guard case .file(let bytes, _, let modified, _)? = server.node("/etc/app.conf") else { return XCTFail("no file") }
        XCTAssertEqual(bytes, original)
        XCTAssertEqual(modified, 1_650_000_000)
        XCTAssertNil(report.keptCopy)
        XCTAssertNil(here.node(report.edited.copy))
    }

    func testARemoteFileChangedWhileEditingIsNotOverwrittenAndTheCopyIsKept() async throws {
        let server = server
        let edit = appending("mine\n")
        let report = try await session { path in
            try await edit(path)
            server.addFile("/etc/app.conf", Array("theirs\n".utf8), mode: 0o640, modified: 1_650_000_100)
        }.run("/etc/app.conf", consent: .given)

        guard case .remoteChanged(let refusal) = report.outcome else { return XCTFail("\(report.outcome)") }
        XCTAssertEqual(refusal.kind, .destinationChanged)
        XCTAssertTrue(refusal.detail.contains("then 11 bytes, modified 2022-04-15 05:20:00 UTC"), refusal.detail)
        XCTAssertTrue(refusal.detail.contains("now 7 bytes, modified 2022-04-15 05:21:40 UTC"), refusal.detail)
        XCTAssertEqual(server.contents("/etc/app.conf"), Array("theirs\n".utf8))
        XCTAssertEqual(server.counters.bytesWritten, 0, "refused before anything was written")
        XCTAssertEqual(report.keptCopy, report.edited.copy)
        XCTAssertEqual(here.contents(report.edited.copy), original + Array("mine\n".utf8))
        XCTAssertEqual(report.outcome.exitCode, .failure)
    }

    func testARemoteFileChangedDuringTheUploadIsNotReplacedAndThePartialIsRemoved() async throws {
        let report = try await finishWhileTheFileChangesDuringTheUpload(to: "theirs\n", modified: 1_650_000_100)

        guard case .remoteChanged = report.outcome else { return XCTFail("\(report.outcome)") }
        XCTAssertEqual(server.contents("/etc/app.conf"), Array("theirs\n".utf8))
        XCTAssertTrue(server.counters.renames.isEmpty)
        XCTAssertEqual(server.paths.filter { $0.hasPrefix("/etc/") }, ["/etc/app.conf"], "the partial is removed")
        XCTAssertNotNil(here.contents(try XCTUnwrap(report.keptCopy)))
    }

    func testAChangeOfTheSameSizeAndSecondMadeDuringTheUploadIsRefusedByItsContent() async throws {
        // The partial is being written: the check before the upload has passed.
        let report = try await finishWhileTheFileChangesDuringTheUpload(to: "listen 81;\n", modified: 1_650_000_000)

        guard case .remoteChanged(let refusal) = report.outcome else { return XCTFail("\(report.outcome)") }
        XCTAssertTrue(refusal.detail.contains("content is not the one fetched"), refusal.detail)
        XCTAssertEqual(report.outcome.exitCode, .failure)
        XCTAssertEqual(server.contents("/etc/app.conf"), Array("listen 81;\n".utf8))
        XCTAssertTrue(server.counters.renames.isEmpty)
        XCTAssertEqual(server.paths.filter { $0.hasPrefix("/etc/") }, ["/etc/app.conf"], "the partial is removed")
        XCTAssertEqual(here.contents(try XCTUnwrap(report.keptCopy)), original + Array("mine\n".utf8))
    }

    func testForceUploadsOverAChangeMadeDuringTheUpload() async throws {
        let report = try await finishWhileTheFileChangesDuringTheUpload(to: "listen 81;\n", modified: 1_650_000_000, force: true)

        guard case .uploaded = report.outcome else { return XCTFail("\(report.outcome)") }
        XCTAssertEqual(server.contents("/etc/app.conf"), original + Array("mine\n".utf8))
    }

    func testAChangeOfTheSameSizeMtimeAndModeIsRefusedByItsContent() async throws {
        let server = server
        let edit = appending("mine\n")
        let report = try await session { path in
            try await edit(path)
            server.addFile("/etc/app.conf", Array("listen 81;\n".utf8), mode: 0o640, modified: 1_650_000_000)
        }.run("/etc/app.conf", consent: .given)

        guard case .remoteChanged(let refusal) = report.outcome else { return XCTFail("\(report.outcome)") }
        XCTAssertTrue(refusal.detail.contains("content is not the one fetched"), refusal.detail)
        XCTAssertEqual(server.contents("/etc/app.conf"), Array("listen 81;\n".utf8))
        XCTAssertEqual(server.counters.bytesWritten, 0, "refused before anything was written")
        XCTAssertEqual(here.contents(try XCTUnwrap(report.keptCopy)), original + Array("mine\n".utf8))
    }

    func testForceUploadsOverAChangedRemoteFile() async throws {
        let server = server
        let edit = appending("mine\n")
        let report = try await session { path in
            try await edit(path)
            server.addFile("/etc/app.conf", Array("theirs\n".utf8), mode: 0o640, modified: 1_650_000_100)
        }.run("/etc/app.conf", force: true, consent: .given)

        guard case .uploaded = report.outcome else { return XCTFail("\(report.outcome)") }
        XCTAssertEqual(server.contents("/etc/app.conf"), original + Array("mine\n".utf8))
    }

    func testAFileAtTheOldFixedProbeNameDoesNotStopTheEdit() async throws {
        let planted = "/etc/.app.conf.owner-probe.termind-partial"
        server.addFile(planted, Array("left over\n".utf8), mode: 0o600)
        let report = try await session(appending("mine\n")).run("/etc/app.conf", consent: .given)

        guard case .uploaded = report.outcome else { return XCTFail("\(report.outcome)") }
        XCTAssertNil(report.inPlace)
        XCTAssertEqual(server.contents("/etc/app.conf"), original + Array("mine\n".utf8))
        XCTAssertEqual(server.contents(planted), Array("left over\n".utf8), "someone else's file is left alone")
        XCTAssertEqual(server.paths.filter { $0.hasPrefix("/etc/") }, ["/etc/.app.conf.owner-probe.termind-partial", "/etc/app.conf"])
    }

    func testAProbeThatFailsWritesInPlaceAndSaysWhy() async throws {
        server.faults.newFilesFail = ["/etc": .failure]
        let report = try await session(appending("mine\n")).run("/etc/app.conf", consent: .given)

        guard case .uploaded = report.outcome else { return XCTFail("\(report.outcome)") }
        let why = try XCTUnwrap(report.inPlace)
        XCTAssertTrue(why.contains("could not be made or read (failure)"), why)
        XCTAssertEqual(server.contents("/etc/app.conf"), original + Array("mine\n".utf8))
        XCTAssertTrue(server.counters.renames.isEmpty)
    }

    func testAnInPlaceWriteThatStopsAfterItsFirstChunkSaysTheFileIsPartlyOverwritten() async throws {
        let old = Array(repeating: UInt8(ascii: "a"), count: 3000)
        server.addFile("/etc/app.conf", old, mode: 0o640, modified: 1_650_000_000)
        server.faults.newFilesFail = ["/etc": .permissionDenied]
        server.faults.dropAfterWrittenBytes = UInt64(server.chunkSize)
        let here = here
        let report = try await session { path in
            here.addFile(path, Array(repeating: UInt8(ascii: "b"), count: 3000), mode: 0o600)
        }.run("/etc/app.conf", consent: .given)

        guard case .failed(let failure, let code) = report.outcome else { return XCTFail("\(report.outcome)") }
        XCTAssertEqual(code, .failure)
        let copy = try XCTUnwrap(report.keptCopy)
        let partly = try XCTUnwrap(failure.error as? InPlaceWriteFailure)
        XCTAssertEqual(partly.copy, copy)
        XCTAssertTrue(failure.description.contains("web:/etc/app.conf: partly overwritten"), failure.description)
        XCTAssertTrue(failure.description.contains("termind cp --on-conflict overwrite \(copy) web:/etc/app.conf"), failure.description)
        XCTAssertTrue(failure.description.contains("termind edit --force web:/etc/app.conf"), failure.description)
        let chunk = server.chunkSize
        XCTAssertEqual(
            server.contents("/etc/app.conf"),
            Array(repeating: UInt8(ascii: "b"), count: chunk) + Array(repeating: UInt8(ascii: "a"), count: 3000 - chunk),
            "the first chunk landed: the file is mixed")
        XCTAssertEqual(here.contents(copy), Array(repeating: UInt8(ascii: "b"), count: 3000))
    }

    func testWithNothingToAskAChangedCopyIsKeptAndConsentIsRequired() async throws {
        let required = InteractionRequired(need: "a decision", remedy: "pass --yes")
        let report = try await session(appending("x\n")).run("/etc/app.conf", consent: .unavailable(required))

        guard case .consentRequired(required) = report.outcome else { return XCTFail("\(report.outcome)") }
        XCTAssertEqual(report.outcome.exitCode, .interactionRequired)
        XCTAssertEqual(here.contents(try XCTUnwrap(report.keptCopy)), original + Array("x\n".utf8))
        XCTAssertEqual(server.contents("/etc/app.conf"), original)
    }

    func testAnsweringNoKeepsTheCopyAndUploadsNothing() async throws {
        let asked = Mutex<[String]>([])
        let report = try await session(appending("x\n")).run("/etc/app.conf", consent: .ask { edited in
            asked.withLock { $0.append(edited.file.description) }
            return false
        })
        guard case .declined = report.outcome else { return XCTFail("\(report.outcome)") }
        XCTAssertEqual(asked.withLock { $0 }, ["web:/etc/app.conf"])
        XCTAssertNotNil(report.keptCopy)
        XCTAssertEqual(server.contents("/etc/app.conf"), original)
    }

    func testAFailedEditorUploadsNothingAndKeepsOnlyAChangedCopy() async throws {
        let failure = EditorFailure(command: "vim", detail: "exited with status 1")
        let edit = appending("x\n")
        let changed = try await session { path in
            try await edit(path)
            throw failure
        }.run("/etc/app.conf", consent: .given)
        guard case .editorFailed = changed.outcome else { return XCTFail("\(changed.outcome)") }
        XCTAssertNotNil(changed.keptCopy)
        XCTAssertEqual(server.contents("/etc/app.conf"), original)

        let unchanged = try await session { _ in throw failure }.run("/etc/app.conf", consent: .given)
        guard case .editorFailed = unchanged.outcome else { return XCTFail("\(unchanged.outcome)") }
        XCTAssertNil(unchanged.keptCopy)
        XCTAssertNil(here.node(unchanged.edited.directory))
    }

    func testAMissingFileIsRefusedUnlessCreatedAndThenGetsMode0644() async throws {
        do {
            _ = try await session(appending("new\n")).run("/etc/new.conf", consent: .given)
            XCTFail("a missing file was opened")
        } catch let refusal as RemoteEditError {
            XCTAssertEqual(refusal.kind, .missing)
        }
        XCTAssertNil(server.node("/etc/new.conf"))

        let report = try await session(appending("new\n")).run("/etc/new.conf", create: true, consent: .given)
        guard case .uploaded = report.outcome else { return XCTFail("\(report.outcome)") }
        guard case .file(let bytes, let mode, _, _)? = server.node("/etc/new.conf") else { return XCTFail("not created") }
        XCTAssertEqual(bytes, Array("new\n".utf8))
        XCTAssertEqual(mode & 0o7777, 0o644)
    }

    func testADirectoryIsRefusedWithNothingLeftBehind() async throws {
        server.addDirectory("/etc/conf.d")
        do {
            _ = try await session { _ in }.run("/etc/conf.d", consent: .given)
            XCTFail("a directory was opened")
        } catch let refusal as RemoteEditError {
            XCTAssertEqual(refusal.kind, .notAFile)
            XCTAssertTrue(refusal.detail.contains("a directory"), refusal.detail)
        }
        XCTAssertEqual(here.paths.filter { $0.hasPrefix("/cache/") }, [])
    }
}

/// Edit directories in a memory file system, `/cache/edit-N`.
private final class MemoryEditCopies: EditCopyStore {
    private let fileSystem: MemoryFileSystem
    private let count = Mutex(0)

    init(_ fileSystem: MemoryFileSystem) { self.fileSystem = fileSystem }

    func makeDirectory(for file: TransferAddress) throws -> String {
        var path: String
        repeat { path = "/cache/edit-\(count.withLock { $0 += 1; return $0 })" } while fileSystem.node(path) != nil
        fileSystem.addDirectory(path, mode: 0o700)
        return path
    }
}

/// An editor whose work the test scripts.
private struct ScriptedEditor: FileEditor {
    let body: @Sendable (String) async throws -> Void
    init(_ body: @escaping @Sendable (String) async throws -> Void) { self.body = body }
    func edit(_ path: String) async throws { try await body(path) }
}
