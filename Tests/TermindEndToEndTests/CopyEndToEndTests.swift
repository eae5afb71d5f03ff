import Foundation
import TermindTestSupport
import XCTest

/// `termind cp` through the built binary against real servers: OpenSSH sshd (its
/// internal-sftp, sessions as the rig's account) and, for connections that drop on purpose,
/// the asyncssh rig behind its dropping proxy.
final class CopyEndToEndTests: CopyTestCase {
    private var asyncSSH: AsyncSSHServer?
    private var mounted: String?

    override func tearDown() {
        if let mounted { _ = try? ChildProcess.run("umount", [mounted]) }
        asyncSSH?.stop()
        asyncSSH = nil
        super.tearDown()
    }

    // MARK: - Helpers

    private func randomFile(_ path: String, bytes: Int) throws {
        let made = try ChildProcess.run("sh", ["-c", "head -c \(bytes) /dev/urandom > '\(path)'"])
        XCTAssertEqual(made.status, 0, made.stderr)
    }

    private func sha256(_ path: String) throws -> String {
        let output = try ChildProcess.run("sha256sum", [path])
        return String(output.stdout.prefix(64))
    }

    private func attributes(_ path: String) throws -> (mode: Int, modified: Date) {
        let values = try FileManager.default.attributesOfItem(atPath: path)
        return ((values[.posixPermissions] as? Int) ?? -1, (values[.modificationDate] as? Date) ?? .distantPast)
    }

    private func summary(_ output: ChildProcess.Output) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any], output.stdout)
    }

    private func partials(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".termind-partial") }
    }

    // MARK: - Files and trees

    func testADownloadAndAnUploadKeepTheBytesModeAndModificationTime() throws {
        let source = remote.appending("data.bin").path
        try randomFile(source, bytes: 3_000_001)
        chmod(source, 0o640)
        let past = Date(timeIntervalSince1970: 1_600_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: source)

        let download = try cp([try onServer(source), local.path])
        XCTAssertEqual(download.status, 0, download.stderr)
        let fetched = local.appending("data.bin").path
        XCTAssertEqual(try sha256(fetched), try sha256(source))
        XCTAssertEqual(try attributes(fetched).mode, 0o640)
        XCTAssertEqual(try attributes(fetched).modified, past)
        XCTAssertEqual(try partials(in: local.path), [])

        let upload = try cp(["--json", fetched, try onServer(remote.appending("sent.bin").path)])
        XCTAssertEqual(upload.status, 0, upload.stderr)
        XCTAssertEqual(try sha256(remote.appending("sent.bin").path), try sha256(source))
        XCTAssertEqual(try attributes(remote.appending("sent.bin").path).modified, past)
        let file = try XCTUnwrap((try summary(upload)["files"] as? [[String: Any]])?.first)
        XCTAssertEqual(file["status"] as? String, "completed")
        XCTAssertEqual(file["sha256"] as? String, try sha256(source))
        XCTAssertEqual(file["bytes"] as? Int, 3_000_001)
        XCTAssertTrue(upload.stderr.contains("\"event\":\"progress\"") || upload.stderr.contains("\"event\":\"completed\""), upload.stderr)
    }

    func testABigDownloadIsAlsoReadThroughASecondConnectionAndArrivesExact() throws {
        let source = remote.appending("big.bin").path
        try randomFile(source, bytes: 80 << 20)
        let server = try sshd()

        let download = try cp(["--json", try onServer(source), local.path])

        XCTAssertEqual(download.status, 0, download.stderr)
        XCTAssertEqual(try sha256(local.appending("big.bin").path), try sha256(source))
        let file = try XCTUnwrap((try summary(download)["files"] as? [[String: Any]])?.first)
        XCTAssertEqual(file["sha256"] as? String, try sha256(source))
        XCTAssertEqual(
            server.log().components(separatedBy: "Accepted publickey").count - 1, 2,
            "the copy's own connection and one helper; sshd's log:\n\(server.log())")
        XCTAssertEqual(try partials(in: local.path), [])
    }

    func testABigUploadIsWrittenAndFlushedThroughHelperConnectionsAndArrivesExact() throws {
        // Big enough that the helpers, opened one after the other, both join before the end.
        let upload = local.appending("big.bin").path
        try randomFile(upload, bytes: 160 << 20)
        let server = try sshd()
        let destination = remote.appending("big.bin").path

        let sent = try cp([upload, try onServer(destination)])

        XCTAssertEqual(sent.status, 0, sent.stderr)
        XCTAssertEqual(try sha256(destination), try sha256(upload))
        XCTAssertEqual(
            server.log().components(separatedBy: "Accepted publickey").count - 1, 3,
            "the copy's own connection, a helper that writes and one that flushes; sshd's log:\n\(server.log())")
        XCTAssertEqual(try partials(in: remote.path), [])
    }

    func testATreeOfAThousandSmallFilesCopiesBothWays() throws {
        let tree = local.appending("tree").path
        for directory in 0..<10 {
            try FileManager.default.createDirectory(atPath: "\(tree)/d\(directory)", withIntermediateDirectories: true)
            for file in 0..<100 {
                try Data("file \(directory)/\(file)\n".utf8 + (0..<4000).map { UInt8(truncatingIfNeeded: $0 &* file) })
                    .write(to: URL(fileURLWithPath: "\(tree)/d\(directory)/f\(file).txt"))
            }
        }
        let upload = try cp(["-r", tree, try onServer(remote.path)])
        XCTAssertEqual(upload.status, 0, upload.stderr)
        XCTAssertTrue(upload.stderr.contains("1000 of 1000 files copied"), upload.stderr)
        let back = local.appending("back").path
        try FileManager.default.createDirectory(atPath: back, withIntermediateDirectories: true)
        let download = try cp(["-r", try onServer(remote.appending("tree").path), back])
        XCTAssertEqual(download.status, 0, download.stderr)
        let diff = try ChildProcess.run("diff", ["-r", tree, back + "/tree"])
        XCTAssertEqual(diff.status, 0, diff.stdout + diff.stderr)
    }

    func testKeepBothWritesTheNewFileUnderAFreeNumberedName() throws {
        let target = remote.appending("report.pdf").path
        try Data("original".utf8).write(to: URL(fileURLWithPath: target))
        try Data("first copy".utf8).write(to: URL(fileURLWithPath: remote.appending("report (1).pdf").path))
        let upload = local.appending("report.pdf").path
        try Data("newer".utf8).write(to: URL(fileURLWithPath: upload))

        let result = try cp(["--on-conflict", "keep-both", upload, try onServer(remote.path)])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "original")
        XCTAssertEqual(try String(contentsOfFile: remote.appending("report (1).pdf").path, encoding: .utf8), "first copy")
        XCTAssertEqual(try String(contentsOfFile: remote.appending("report (2).pdf").path, encoding: .utf8), "newer")
    }

    func testAnExistingDestinationFailsWithoutAPolicyAndIsLeftAlone() throws {
        let target = remote.appending("keep.txt").path
        try Data("original".utf8).write(to: URL(fileURLWithPath: target))
        let upload = local.appending("keep.txt").path
        try Data("newer".utf8).write(to: URL(fileURLWithPath: upload))
        let result = try cp([upload, try onServer(remote.path)])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("--on-conflict"), result.stderr)
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "original")
    }

    // MARK: - Errors

    func testMissingFilesAndPermissionDeniedNameThePath() throws {
        let missing = try cp([try onServer(remote.appending("nowhere.txt").path), local.path])
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertTrue(missing.stderr.contains(remote.appending("nowhere.txt").path), missing.stderr)
        XCTAssertTrue(missing.stderr.lowercased().contains("no such file"), missing.stderr)

        // A root-owned 0700 directory the session's account cannot enter.
        let closed = try TemporaryDirectory(prefix: "termind-cp-closed", mode: 0o700)
        try closed.write("private", to: "secret.txt")
        let denied = try cp([try onServer(closed.appending("secret.txt").path), local.path])
        XCTAssertNotEqual(denied.status, 0)
        XCTAssertTrue(denied.stderr.contains(closed.appending("secret.txt").path), denied.stderr)
        XCTAssertTrue(denied.stderr.lowercased().contains("permission denied"), denied.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: local.appending("secret.txt").path))
    }

    func testAFullDestinationGivesAClearErrorAndNoCorruptFile() throws {
        let source = remote.appending("big.bin").path
        try randomFile(source, bytes: 4 << 20)
        let small = local.appending("small").path
        try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: true)
        let mount = try ChildProcess.run("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", small])
        XCTAssertEqual(mount.status, 0, "a 1 MiB tmpfs is needed (run as root): \(mount.stderr)")
        guard mount.status == 0 else { return }
        mounted = small

        let result = try cp([try onServer(source), small])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.lowercased().contains("no space"), result.stderr)
        XCTAssertTrue(result.stderr.contains(small), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: small + "/big.bin"), "no file may appear under the final name")
    }

    // MARK: - Dropped connections and resume

    /// The asyncssh rig serving `root` over SFTP behind a proxy that drops each connection after
    /// `dropAfter` bytes while the switch file exists.
    private func droppingServer(root: String, dropAfter: Int, switchFile: String) throws -> AsyncSSHServer {
        let started = try startAsyncSSH(AsyncSSHScenario()
            .user("alice", authorizesClientKey: true)
            .sftp(root: root)
            .misbehaving(.dropAfterBytes(dropAfter, whileFileExists: switchFile)))
        asyncSSH = started
        return started
    }

    func testADownloadCutByADroppedConnectionKeepsThePartialAndResumeFinishesIt() throws {
        let root = try TemporaryDirectory(prefix: "termind-cp-served", mode: 0o755)
        let source = root.appending("big.bin").path
        try randomFile(source, bytes: 64 << 20)
        let switchFile = root.path + ".drop"
        FileManager.default.createFile(atPath: switchFile, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: switchFile) }
        let server = try droppingServer(root: root.path, dropAfter: 24 << 20, switchFile: switchFile)
        let remotePath = "alice@\(server.host):\(server.port):/big.bin"

        let cut = try cp([remotePath, local.path], key: server.clientPrivateKeyPath)
        XCTAssertEqual(cut.status, 8, cut.stderr)
        XCTAssertTrue(cut.stderr.contains("--resume"), cut.stderr)
        XCTAssertEqual(try partials(in: local.path), [".big.bin.termind-partial"], cut.stderr)
        XCTAssertTrue(cut.stderr.contains(".big.bin.termind-partial"), cut.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: local.appending("big.bin").path))

        try FileManager.default.removeItem(atPath: switchFile)
        let resumed = try cp(["--resume", "--json", remotePath, local.path], key: server.clientPrivateKeyPath)
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        XCTAssertEqual(try sha256(local.appending("big.bin").path), try sha256(source))
        let file = try XCTUnwrap((try summary(resumed)["files"] as? [[String: Any]])?.first)
        let sent = try XCTUnwrap(file["bytesSent"] as? Int)
        XCTAssertLessThan(sent, 64 << 20, "the resumed run must send only the rest")
        XCTAssertGreaterThan(try XCTUnwrap(file["resumedFrom"] as? Int), 0)
        XCTAssertEqual(try partials(in: local.path), [])
    }

    func testAnUploadCutByADroppedConnectionKeepsItsPartialOnTheServerAndResumeFinishesIt() throws {
        let root = try TemporaryDirectory(prefix: "termind-cp-served", mode: 0o755)
        let upload = local.appending("big.bin").path
        try randomFile(upload, bytes: 16 << 20)
        let switchFile = root.path + ".drop"
        FileManager.default.createFile(atPath: switchFile, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: switchFile) }
        let server = try droppingServer(root: root.path, dropAfter: 9_000, switchFile: switchFile)
        let remotePath = "alice@\(server.host):\(server.port):/big.bin"

        // The proxy counts what the server sends: for an upload, the handshake and the
        // STATUS replies to the WRITEs, so it drops partway through the file.
        let cut = try cp([upload, remotePath], key: server.clientPrivateKeyPath)
        XCTAssertEqual(cut.status, 8, cut.stderr)
        XCTAssertEqual(try partials(in: root.path), [".big.bin.termind-partial"], cut.stderr)

        try FileManager.default.removeItem(atPath: switchFile)
        let resumed = try cp(["--resume", "--json", upload, remotePath], key: server.clientPrivateKeyPath)
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        XCTAssertEqual(try sha256(root.appending("big.bin").path), try sha256(upload))
        let file = try XCTUnwrap((try summary(resumed)["files"] as? [[String: Any]])?.first)
        XCTAssertGreaterThan(try XCTUnwrap(file["resumedFrom"] as? Int), 0, resumed.stderr)
        XCTAssertEqual(try partials(in: root.path), [])
    }

    func testASourceChangedBetweenRunsRestartsFromZeroAndSaysSo() throws {
        let root = try TemporaryDirectory(prefix: "termind-cp-served", mode: 0o755)
        let source = root.appending("big.bin").path
        try randomFile(source, bytes: 16 << 20)
        let switchFile = root.path + ".drop"
        FileManager.default.createFile(atPath: switchFile, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: switchFile) }
        let server = try droppingServer(root: root.path, dropAfter: 6 << 20, switchFile: switchFile)
        let remotePath = "alice@\(server.host):\(server.port):/big.bin"

        let cut = try cp([remotePath, local.path], key: server.clientPrivateKeyPath)
        XCTAssertEqual(cut.status, 8, cut.stderr)
        try randomFile(source, bytes: 16 << 20)  // new content, new mtime
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: source)

        try FileManager.default.removeItem(atPath: switchFile)
        let resumed = try cp(["--resume", remotePath, local.path], key: server.clientPrivateKeyPath)
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        XCTAssertTrue(resumed.stderr.contains("source changed"), resumed.stderr)
        XCTAssertEqual(try sha256(local.appending("big.bin").path), try sha256(source))
    }

    func testAnUploadWhoseSourceWasRewrittenAtTheSameSizeAndTimeStartsOverAndArrivesExact() throws {
        let root = try TemporaryDirectory(prefix: "termind-cp-served", mode: 0o755)
        let upload = local.appending("big.bin").path
        try randomFile(upload, bytes: 16 << 20)
        let written = try attributes(upload).modified
        let switchFile = root.path + ".drop"
        FileManager.default.createFile(atPath: switchFile, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: switchFile) }
        let server = try droppingServer(root: root.path, dropAfter: 9_000, switchFile: switchFile)
        let remotePath = "alice@\(server.host):\(server.port):/big.bin"

        let cut = try cp([upload, remotePath], key: server.clientPrivateKeyPath)
        XCTAssertEqual(cut.status, 8, cut.stderr)
        // Other bytes, the same size and the same modification time (as `touch -r` leaves it).
        try randomFile(upload, bytes: 16 << 20)
        try FileManager.default.setAttributes([.modificationDate: written], ofItemAtPath: upload)

        try FileManager.default.removeItem(atPath: switchFile)
        let resumed = try cp(["--resume", upload, remotePath], key: server.clientPrivateKeyPath)
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        // Random new bytes: no prefix of the old file can check out, so nothing may continue.
        XCTAssertFalse(resumed.stderr.contains("continuing from byte"), resumed.stderr)
        XCTAssertTrue(resumed.stderr.contains("rewritten") || !resumed.stderr.contains("termind:"), resumed.stderr)
        XCTAssertEqual(try sha256(root.appending("big.bin").path), try sha256(upload), "an old prefix was spliced onto a new tail")
    }

    func testADownloadWhoseSourceWasRewrittenWithinTheSameSecondStartsOverAndArrivesExact() throws {
        let root = try TemporaryDirectory(prefix: "termind-cp-served", mode: 0o755)
        let source = root.appending("big.bin").path
        try randomFile(source, bytes: 16 << 20)
        let stamp = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        try FileManager.default.setAttributes([.modificationDate: stamp], ofItemAtPath: source)
        let switchFile = root.path + ".drop"
        FileManager.default.createFile(atPath: switchFile, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: switchFile) }
        let server = try droppingServer(root: root.path, dropAfter: 6 << 20, switchFile: switchFile)
        let remotePath = "alice@\(server.host):\(server.port):/big.bin"

        let cut = try cp([remotePath, local.path], key: server.clientPrivateKeyPath)
        XCTAssertEqual(cut.status, 8, cut.stderr)
        try randomFile(source, bytes: 16 << 20)
        try FileManager.default.setAttributes([.modificationDate: stamp], ofItemAtPath: source)

        try FileManager.default.removeItem(atPath: switchFile)
        let resumed = try cp(["--resume", remotePath, local.path], key: server.clientPrivateKeyPath)
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        XCTAssertFalse(resumed.stderr.contains("continuing from byte"), resumed.stderr)
        XCTAssertEqual(try sha256(local.appending("big.bin").path), try sha256(source), "an old prefix was spliced onto a new tail")
    }

    /// Runs `cp ARGUMENTS` in the background and interrupts it (SIGINT) once a partial shows
    /// under `watched`, as Ctrl-C would.
    private func interruptedCopy(_ arguments: [String], watching watched: String) throws -> ChildProcess.Output {
        let quoted = (["cp", "--batch", "--accept-new", "-i", try sshd().clientPrivateKeyPath] + arguments)
            .map { "'" + $0 + "'" }.joined(separator: " ")
        return try home.bash("""
            set -m
            "$T" \(quoted) & pid=$!
            for i in $(seq 400); do find '\(watched)' -name '*.termind-partial' 2>/dev/null | grep -q . && break; sleep 0.02; done
            kill -INT $pid; wait $pid
            """)
    }

    func testAnInterruptedCopysRecordIsListedAndPrunedWithItsPartialOnlyWhenOldEnough() throws {
        let source = remote.appending("big.bin").path
        try randomFile(source, bytes: 256 << 20)
        let cut = try interruptedCopy([try onServer(source), local.path], watching: local.path)
        XCTAssertEqual(cut.status, 130, cut.stderr)
        let partial = local.appending(".big.bin.termind-partial").path
        XCTAssertTrue(FileManager.default.fileExists(atPath: partial))

        let listed = try home.run(["cp", "--list-partials", "--json"])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        let entries = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let record = try XCTUnwrap(entries.first { $0["kind"] as? String == "record" }, listed.stdout)
        XCTAssertEqual(record["partialPath"] as? String, partial)
        XCTAssertEqual(record["stale"] as? Bool, false)

        let young = try home.run(["cp", "--prune-partials"])
        XCTAssertEqual(young.status, 0, young.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: partial), "a record younger than 30 days stays, with its partial")

        let pruned = try home.run(["cp", "--prune-partials", "--older-than", "0"])
        XCTAssertEqual(pruned.status, 0, pruned.stderr)
        XCTAssertTrue(pruned.stderr.contains("and its partial file \(partial)"), pruned.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: partial))
        let after = try home.run(["cp", "--list-partials", "--json"])
        let left = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [[String: Any]])
        XCTAssertTrue(left.allSatisfy { $0["kind"] as? String != "record" }, after.stdout)
    }

    func testAResumedTreeCopyIntoADirectoryTheFirstRunCreatedLandsWhereTheFirstRunPutIt() throws {
        let tree = local.appending("many").path
        try FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: true)
        for index in 0..<24 { try randomFile(tree + "/file\(index).bin", bytes: 4 << 20) }
        let destination = remote.appending("new1").path

        let cut = try interruptedCopy(["-r", tree, try onServer(destination)], watching: remote.path)
        XCTAssertEqual(cut.status, 130, cut.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: destination), "the first run created the destination")

        let resumed = try cp(["-r", "--resume", tree, try onServer(destination)])
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: destination + "/many"), "the resume nested a second copy")
        let names = try FileManager.default.contentsOfDirectory(atPath: destination).sorted()
        XCTAssertEqual(names, (0..<24).map { "file\($0).bin" }.sorted(), "only the tree's files, no stray partials")
        for index in 0..<24 {
            XCTAssertEqual(try sha256(destination + "/file\(index).bin"), try sha256(tree + "/file\(index).bin"))
        }

        // Finished, the placement is forgotten: the same command now copies into the directory.
        let again = try cp(["-r", "--on-conflict", "overwrite", tree, try onServer(destination)])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: destination + "/many/file0.bin"))
    }

    func testAnOverwriteCutBeforeItsCommitLeavesTheOriginalIntact() throws {
        let root = try TemporaryDirectory(prefix: "termind-cp-served", mode: 0o755)
        try randomFile(root.appending("big.bin").path, bytes: 16 << 20)
        let switchFile = root.path + ".drop"
        FileManager.default.createFile(atPath: switchFile, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: switchFile) }
        let server = try droppingServer(root: root.path, dropAfter: 4 << 20, switchFile: switchFile)
        let original = local.appending("big.bin").path
        try Data("the original, which must survive".utf8).write(to: URL(fileURLWithPath: original))

        let cut = try cp(["--on-conflict", "overwrite", "alice@\(server.host):\(server.port):/big.bin", local.path],
                         key: server.clientPrivateKeyPath)
        XCTAssertEqual(cut.status, 8, cut.stderr)
        XCTAssertEqual(try String(contentsOfFile: original, encoding: .utf8), "the original, which must survive")
    }
}
