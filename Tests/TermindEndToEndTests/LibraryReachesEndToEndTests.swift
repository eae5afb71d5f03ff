import Foundation
import TermindTestSupport
import XCTest

/// The two places Termind reaches inside a library (docs/architecture.md, "Where Termind
/// reaches inside a library"), each turned off by its environment variable, through the built
/// binary against OpenSSH's sshd: transfers stay byte-identical, and what the reach did is
/// gone (no keystream made; no signal on closing a running command).
final class LibraryReachesEndToEndTests: CopyTestCase {
    override class var directoryPrefix: String { "termind-reaches" }

    private func randomFile(_ path: String, bytes: Int) throws {
        let made = try ChildProcess.run("sh", ["-c", "head -c \(bytes) /dev/urandom > '\(path)'"])
        XCTAssertEqual(made.status, 0, made.stderr)
    }

    private func sha256(_ path: String) throws -> String {
        String(try ChildProcess.run("sha256sum", [path]).stdout.prefix(64))
    }

    /// What the log gained while `body` ran.
    private func logged(during body: () throws -> Void) throws -> String {
        let before = (try? Data(contentsOf: URL(fileURLWithPath: home.logPath)).count) ?? 0
        try body()
        let data = (try? Data(contentsOf: URL(fileURLWithPath: home.logPath))) ?? Data()
        return String(decoding: data.dropFirst(before), as: UTF8.self)
    }

    /// The keystream blocks each closed connection reported (`WorkerLoop.end`).
    private func keystreamCounts(in log: String) -> [Int] {
        log.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "(keystream: ") else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }
    }

    /// A download and an upload of `bytes` random bytes with `environment`; both must arrive
    /// exact. Returns what the log gained.
    private func downloadAndUpload(bytes: Int, environment: [String: String], name: String) throws -> String {
        let source = remote.appending("\(name).bin").path
        try randomFile(source, bytes: bytes)
        let key = try sshd().clientPrivateKeyPath
        let environment = environment.merging(["TERMIND_LOG_LEVEL": "debug"]) { $1 }
        return try logged {
            let download = try home.run(["cp", "--batch", "--accept-new", "-i", key, try onServer(source), local.path], environment: environment)
            XCTAssertEqual(download.status, 0, download.stderr)
            let fetched = local.appending("\(name).bin").path
            XCTAssertEqual(try sha256(fetched), try sha256(source), "download with \(environment)")
            let sent = remote.appending("\(name)-sent.bin").path
            let upload = try home.run(["cp", "--batch", "--accept-new", "-i", key, fetched, try onServer(sent)], environment: environment)
            XCTAssertEqual(upload.status, 0, upload.stderr)
            XCTAssertEqual(try sha256(sent), try sha256(source), "upload with \(environment)")
        }
    }

    func testWithTheKeystreamOffTransfersAreByteIdenticalAndNoKeystreamIsMade() throws {
        let on = try downloadAndUpload(bytes: 3_000_001, environment: [:], name: "on")
        let made = keystreamCounts(in: on)
        XCTAssertEqual(made.count, 2, on)
        // 3 MB each way, every byte encrypted or decrypted once: over 700 keystreams of 4 KiB.
        XCTAssertTrue(made.allSatisfy { $0 >= 700 }, "served from the keystream when on: \(made)")

        let off = try downloadAndUpload(bytes: 3_000_001, environment: ["TERMIND_NO_KEYSTREAM": "1"], name: "off")
        let none = keystreamCounts(in: off)
        XCTAssertEqual(none, [0, 0], off)
        XCTAssertFalse(off.contains("self-test"), "turned off by the variable, not by a guard: \(off)")
    }

    func testWithTheChannelRearmOffTransfersAreByteIdenticalAndAClosedCommandIsNotSignalled() throws {
        _ = try downloadAndUpload(bytes: 1_000_003, environment: ["TERMIND_NO_CHANNEL_REARM": "1"], name: "rearm-off")

        let server = try sshd()
        let seconds = Int.random(in: 5_000...9_999)
        defer { for pid in sleeping(seconds) { _ = try? ChildProcess.run("kill", [pid]) } }
        let child = try home.start(
            ["exec", "--batch", "--accept-new", "-i", server.clientPrivateKeyPath, "\(server.username)@\(server.host):\(server.port)",
             "--", "sleep", String(seconds)],
            environment: ["TERMIND_NO_CHANNEL_REARM": "1", "TERMIND_LOG_LEVEL": "debug"])
        defer { child.stop() }
        XCTAssertTrue(waitUntil(timeout: 15) { !self.sleeping(seconds).isEmpty }, "the remote sleep never started")

        child.signal(SIGINT)
        let exit = try XCTUnwrap(child.waitForExit(within: 10), "exec did not end on SIGINT")
        XCTAssertEqual(exit.status, 130, exit.stderr)
        // sshd saw the connection go; with no signal it leaves a command without a terminal running.
        XCTAssertTrue(server.waitForLog(containing: "Disconnected from user \(server.username)", timeout: 10), server.log())
        XCTAssertEqual(sleeping(seconds).count, 1, "the sleep ended: a signal went although turned off")
        let log = (try? String(contentsOfFile: home.logPath, encoding: .utf8)) ?? ""
        XCTAssertTrue(log.contains("sending SIGTERM to command") && log.contains("signals on close are turned off (TERMIND_NO_CHANNEL_REARM"), log)
    }

    /// The pids of `sleep SECONDS` processes on this machine (the server's).
    private func sleeping(_ seconds: Int) -> [String] {
        let found = try? ChildProcess.run("pgrep", ["-x", "-f", "sleep \(seconds)"])
        return (found?.stdout ?? "").split(separator: "\n").map(String.init)
    }
}
