import Foundation
import TermindTestSupport
import XCTest

/// What `termind cp` does with whatever is at a partial's name (`.NAME.termind-partial`) that
/// it did not create: a symlink, a directory behind a symlink, a hard link to another user's
/// file, a FIFO, another transfer's locked partial. Nothing of it is followed, opened for
/// writing or removed; the copy fails naming the path (exit 1). Against the rig's OpenSSH sshd,
/// with the binary run as root (as in issue 21's reproductions).
final class PartialFileEndToEndTests: CopyTestCase {
    private var shared: TemporaryDirectory!

    override class var directoryPrefix: String { "termind-partial" }

    override func setUpWithError() throws {
        try super.setUpWithError()
        // Like /tmp: sticky and writable by everyone.
        shared = try TemporaryDirectory(prefix: "termind-partial-shared", mode: 0o1777)
    }

    override func tearDown() {
        shared = nil
        super.tearDown()
    }

    // MARK: - Helpers

    private func file(_ path: String, bytes: Int) throws {
        let made = try ChildProcess.run("sh", ["-c", "head -c \(bytes) /dev/urandom > '\(path)'"])
        XCTAssertEqual(made.status, 0, made.stderr)
        chmod(path, 0o644)
    }

    private func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// What `lstat` says is at `path`: its type bits, owner and size.
    private func entry(_ path: String) -> (type: mode_t, owner: uid_t, size: Int)? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return (status.st_mode & S_IFMT, status.st_uid, Int(status.st_size))
    }

    /// A refusal as issue 21 asks: exit 1, the planted path named, said not to be Termind's.
    private func assertRefused(_ result: ChildProcess.Output, naming path: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(result.status, 1, result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.contains(path), result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.contains("is not Termind's partial file"), result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.contains("nothing was touched"), result.stderr, file: file, line: line)
        XCTAssertFalse(result.stderr.contains("was removed"), result.stderr, file: file, line: line)
        XCTAssertFalse(result.stderr.contains("replacing the partial file"), result.stderr, file: file, line: line)
    }

    // MARK: - Issue 21's reproductions

    func testADownloadRefusesASymlinkPlantedAtItsPartialAndTheVictimStaysUnchanged() throws {
        let source = remote.appending("s1.bin").path
        try file(source, bytes: 1 << 20)
        let victim = try local.write("the victim's own bytes", to: "victim")
        let planted = shared.appending(".dl.bin.termind-partial").path
        XCTAssertEqual(symlink(victim, planted), 0)

        let result = try cp([try onServer(source), shared.appending("dl.bin").path])

        assertRefused(result, naming: planted)
        XCTAssertTrue(result.stderr.contains("symbolic link"), result.stderr)
        XCTAssertEqual(try text(victim), "the victim's own bytes")
        XCTAssertEqual(entry(planted)?.type, S_IFLNK, "the planted link is left where it was")
        XCTAssertNil(entry(shared.appending("dl.bin").path))
    }

    func testAnUploadRefusesASymlinkPlantedAtItsPartialOnTheServerAndTheVictimStaysUnchanged() throws {
        let upload = local.appending("s1.bin").path
        try file(upload, bytes: 1 << 20)
        let victim = try remote.write("the login user's own file", to: "victim2")
        let planted = remote.appending(".u2.bin.termind-partial").path
        XCTAssertEqual(symlink(victim, planted), 0)
        _ = try sshd()  // victim2 and the link now belong to the login account

        let result = try cp([upload, try onServer(remote.appending("u2.bin").path)])

        assertRefused(result, naming: planted)
        XCTAssertEqual(try text(victim), "the login user's own file")
        XCTAssertEqual(entry(planted)?.type, S_IFLNK, "the planted link is left where it was")
        XCTAssertNil(entry(remote.appending("u2.bin").path))
    }

    // MARK: - Other things at the partial's name

    func testASymlinkToADirectoryAtThePartialsNameIsRefusedAndTheDirectoryStaysEmpty() throws {
        let source = remote.appending("s1.bin").path
        try file(source, bytes: 64 << 10)
        let directory = local.appending("elsewhere").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let planted = shared.appending(".dl.bin.termind-partial").path
        XCTAssertEqual(symlink(directory, planted), 0)

        let result = try cp([try onServer(source), shared.appending("dl.bin").path])

        assertRefused(result, naming: planted)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), [])
        XCTAssertEqual(entry(planted)?.type, S_IFLNK)
        XCTAssertNil(entry(shared.appending("dl.bin").path))
    }

    func testAHardLinkToAnotherUsersFileAtThePartialsNameIsRefusedBothWays() throws {
        // Download: a hard link in the shared directory to a file of `nobody`'s.
        let source = remote.appending("s1.bin").path
        try file(source, bytes: 64 << 10)
        let theirs = try local.write("nobody's file", to: "theirs")
        XCTAssertEqual(chown(theirs, 65534, 65534), 0)
        let planted = shared.appending(".dl.bin.termind-partial").path
        XCTAssertEqual(link(theirs, planted), 0)

        let download = try cp([try onServer(source), shared.appending("dl.bin").path])

        assertRefused(download, naming: planted)
        XCTAssertTrue(download.stderr.contains("belongs to user 65534"), download.stderr)
        XCTAssertEqual(try text(theirs), "nobody's file")
        XCTAssertEqual(entry(planted)?.size, "nobody's file".utf8.count)

        // Upload: a hard link on the server to a file of root's, which the login account may
        // even write; no record of the account's says Termind made it.
        let rootsFile = try remote.write("root's file on the server", to: "roots", mode: 0o666)
        let remotePlanted = remote.appending(".u2.bin.termind-partial").path
        XCTAssertEqual(link(rootsFile, remotePlanted), 0)
        XCTAssertEqual(chown(rootsFile, 0, 0), 0)
        let upload = local.appending("u.bin").path
        try file(upload, bytes: 64 << 10)

        let sent = try cp([upload, try onServer(remote.appending("u2.bin").path)])

        assertRefused(sent, naming: remotePlanted)
        XCTAssertEqual(try text(rootsFile), "root's file on the server")
        XCTAssertNil(entry(remote.appending("u2.bin").path))
    }

    func testAFIFOAtThePartialsNameIsRefusedWithoutBeingOpenedBothWays() throws {
        let source = remote.appending("s1.bin").path
        try file(source, bytes: 64 << 10)
        let planted = shared.appending(".dl.bin.termind-partial").path
        XCTAssertEqual(mkfifo(planted, 0o666), 0)

        let download = try cp([try onServer(source), shared.appending("dl.bin").path])

        assertRefused(download, naming: planted)
        XCTAssertTrue(download.stderr.contains("FIFO"), download.stderr)
        XCTAssertEqual(entry(planted)?.type, S_IFIFO)

        let remotePlanted = remote.appending(".u2.bin.termind-partial").path
        XCTAssertEqual(mkfifo(remotePlanted, 0o666), 0)
        let upload = local.appending("u.bin").path
        try file(upload, bytes: 64 << 10)

        let sent = try cp([upload, try onServer(remote.appending("u2.bin").path)])

        assertRefused(sent, naming: remotePlanted)
        XCTAssertEqual(entry(remotePlanted)?.type, S_IFIFO)
        XCTAssertNil(entry(remote.appending("u2.bin").path))
    }

    // MARK: - Another writer (issue 20)

    func testACopyToADestinationWhosePartialAnotherWriterHoldsFailsAtOnceAndWithWaitWaitsForIt() throws {
        let source = remote.appending("s1.bin").path
        try file(source, bytes: 256 << 10)
        let destination = local.appending("dl.bin").path
        // Another writer: it holds the partial's lock, as a running transfer does.
        let partial = local.appending(".dl.bin.termind-partial").path
        let others = open(partial, O_RDWR | O_CREAT | O_EXCL, 0o600)
        XCTAssertGreaterThanOrEqual(others, 0)
        defer { close(others) }
        XCTAssertEqual(write(others, "the other's bytes", 17), 17)
        XCTAssertEqual(flock(others, LOCK_EX), 0)

        let busy = try cp([try onServer(source), destination])

        XCTAssertEqual(busy.status, 1, busy.stderr)
        XCTAssertTrue(busy.stderr.contains(destination), busy.stderr)
        XCTAssertTrue(busy.stderr.contains("another transfer is writing it"), busy.stderr)
        XCTAssertEqual(try text(partial), "the other's bytes", "nothing of the other's partial is touched")
        XCTAssertNil(entry(destination))

        // With --wait it waits; the other writer then commits (renames its partial into place)
        // and lets go, and the waiting copy replaces that file with its own.
        let waiting = try ChildProcess(try TermindBinary.path(), [
            "cp", "--batch", "--wait", "--on-conflict", "overwrite", "-i", try sshd().clientPrivateKeyPath,
            try onServer(source), destination,
        ], environment: home.terminalEnvironment.merging(ProcessInfo.processInfo.environment) { mine, _ in mine })
        XCTAssertTrue(holdsThroughout(1.5) { waiting.isRunning }, "--wait must wait while the other writer holds the partial")
        XCTAssertEqual(rename(partial, destination), 0)
        XCTAssertEqual(flock(others, LOCK_UN), 0)
        _ = waitUntil(timeout: 30) { !waiting.isRunning }
        XCTAssertFalse(waiting.isRunning)
        XCTAssertEqual(try ChildProcess.run("cmp", [source, destination]).status, 0, "the waiting copy wrote the destination")
    }
}
