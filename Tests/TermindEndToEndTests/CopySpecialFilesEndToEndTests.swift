import Foundation
import TermindTestSupport
import XCTest

/// A FIFO, a device or a process substitution named as a `cp` source is a failure that says
/// why (exit 1), as scp's is; inside a tree such entries are skipped, listed and counted.
final class CopySpecialFilesEndToEndTests: CopyTestCase {
    override class var directoryPrefix: String { "termind-cp-special" }

    private var destination: String { get throws { try onServer(remote.path + "/") } }

    private func cpJSON(_ arguments: [String]) throws -> ChildProcess.Output { try cp(["--json"] + arguments) }

    func testANamedFIFOOrDeviceIsAFailureThatSaysWhy() throws {
        let fifo = local.path + "/pipe"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        for source in [fifo, "/dev/zero"] {
            let result = try cpJSON([source, try destination])
            XCTAssertEqual(result.status, 1, "\(source): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("is not a regular file"), result.stderr)
            let summary = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            XCTAssertEqual((summary["totals"] as? [String: Any])?["failed"] as? Int, 1, result.stdout)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: remote.path), [], "nothing was written")

        // As a shell hands over `<(echo x)`: a pipe under /dev/fd.
        let substituted = try home.bash("""
            "$T" cp --batch --accept-new -i '\(try sshd().clientPrivateKeyPath)' <(echo x) '\(try destination)'
            """)
        XCTAssertEqual(substituted.status, 1, substituted.stderr)
        XCTAssertTrue(substituted.stderr.contains("is not a regular file"), substituted.stderr)
    }

    func testAFIFOInsideATreeIsSkippedListedAndCounted() throws {
        let tree = local.path + "/tree"
        try FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: true)
        try Data("hello\n".utf8).write(to: URL(fileURLWithPath: tree + "/file.txt"))
        XCTAssertEqual(mkfifo(tree + "/pipe", 0o600), 0)
        let result = try cpJSON(["-r", tree, try destination])
        XCTAssertEqual(result.status, 0, result.stderr)
        let summary = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((summary["totals"] as? [String: Any])?["skipped"] as? Int, 1, result.stdout)
        let files = try XCTUnwrap(summary["files"] as? [[String: Any]])
        let pipe = try XCTUnwrap(files.first { ($0["source"] as? String)?.hasSuffix("/pipe") ?? false }, result.stdout)
        XCTAssertEqual(pipe["status"] as? String, "skipped")
        XCTAssertEqual(pipe["reason"] as? String, "not-a-regular-file")
        XCTAssertEqual(try String(contentsOfFile: remote.path + "/tree/file.txt", encoding: .utf8), "hello\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: remote.path + "/tree/pipe"))
    }
}
