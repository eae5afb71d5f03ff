import Foundation
import TermindTestSupport
import XCTest

/// The scripted asyncssh server's SFTP subsystem, checked with OpenSSH's `sftp` in batch mode
/// so Termind's own SFTP client can later be tested against a server known to work.
final class AsyncSSHSFTPTests: XCTestCase {
    func testAFilePutAndFetchedBackKeepsEveryByteInsideTheServedRoot() throws {
        let root = try TemporaryDirectory(prefix: "termind-sftp-root")
        let local = try TemporaryDirectory(prefix: "termind-sftp-local")
        let server = try startAsyncSSH(AsyncSSHScenario()
            .user("alice", authorizesClientKey: true)
            .sftp(root: root.path))
        let original = Data((0..<300_000).map { _ in UInt8.random(in: 0...255) })
        try original.write(to: local.appending("original.bin"))
        let batch = try local.write("""
            mkdir /incoming
            put \(local.path)/original.bin /incoming/upload.bin
            get /incoming/upload.bin \(local.path)/fetched.bin
            ls -l /incoming

            """, to: "batch")

        let run = try ChildProcess.run("sftp", [
            "-b", batch, "-F", "/dev/null", "-i", server.clientPrivateKeyPath, "-P", String(server.port),
            "-o", "IdentitiesOnly=yes", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
            "-o", "LogLevel=ERROR", "alice@\(server.host)",
        ])

        XCTAssertEqual(run.status, 0, "sftp failed: \(run.stderr)\n\(server.debugLog())")
        XCTAssertEqual(FileManager.default.contents(atPath: root.path + "/incoming/upload.bin"), original)
        XCTAssertEqual(FileManager.default.contents(atPath: local.path + "/fetched.bin"), original)
        XCTAssertEqual(try server.waitForEvent("sftp").root, root.path)
    }

    func testPathsCannotClimbOutOfTheServedRoot() throws {
        let parent = try TemporaryDirectory(prefix: "termind-sftp-parent")
        let root = parent.path + "/served"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try parent.write("outside the root", to: "secret.txt")
        let local = try TemporaryDirectory(prefix: "termind-sftp-local")
        let server = try startAsyncSSH(AsyncSSHScenario().user("alice", authorizesClientKey: true).sftp(root: root))
        let batch = try local.write("get ../secret.txt \(local.path)/escaped.txt\n", to: "batch")

        let run = try ChildProcess.run("sftp", [
            "-b", batch, "-F", "/dev/null", "-i", server.clientPrivateKeyPath, "-P", String(server.port),
            "-o", "IdentitiesOnly=yes", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
            "-o", "LogLevel=ERROR", "alice@\(server.host)",
        ])

        XCTAssertNotEqual(run.status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: local.path + "/escaped.txt"))
    }
}
