import Foundation
import TermindTestSupport
import XCTest

/// Many `termind cp` processes writing one destination at once (issue 20): one writer at a
/// time, so the destination always ends as exactly one source's bytes, a process that says it
/// copied did copy (or was replaced afterwards by another that also did), and every other
/// process fails saying another transfer is writing the destination. Uploads and downloads,
/// fresh and `--resume`, two and then eight at a time, with random small delays; against the
/// rig's OpenSSH sshd.
final class ConcurrentCopyEndToEndTests: CopyTestCase {
    override class var directoryPrefix: String { "termind-race" }

    /// Eight sources of different sizes, contents and mtimes (so no `--resume` takes one for
    /// another as already transferred), in `directory`.
    private func makeSources(in directory: String, seed: Int) throws -> [Data] {
        var sources: [Data] = []
        for index in 0..<8 {
            var generator = SystemRandomNumberGenerator()
            let count = 40_000 + index * 7_919 + seed
            let bytes = Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let path = "\(directory)/source\(index).bin"
            try bytes.write(to: URL(fileURLWithPath: path))
            chmod(path, 0o644)
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: TimeInterval(1_600_000_000 + index * 1000 + seed))], ofItemAtPath: path)
            sources.append(bytes)
        }
        return sources
    }

    /// Runs `count` copies at once, each after a random delay of up to 40 ms, each of a random
    /// source, half of them with `--resume`.
    private func race(_ count: Int, source: (Int) -> String, destination: String, key: String) throws -> [Run] {
        let binary = try TermindBinary.path()
        let environment = ProcessInfo.processInfo.environment.merging(home.terminalEnvironment) { $1 }
        let runs = LockedRuns((0..<count).map { _ in Run(source: Int.random(in: 0..<8), resume: Bool.random()) })
        let group = DispatchGroup()
        for index in 0..<count {
            let run = runs[index]
            let delay = Double.random(in: 0...0.04)
            let arguments = ["cp", "--batch", "--accept-new", "--on-conflict", "overwrite", "-i", key]
                + (run.resume ? ["--resume"] : []) + [source(run.source), destination]
            group.enter()
            Thread {
                Thread.sleep(forTimeInterval: delay)  // random starts are the race under test
                let output = try? ChildProcess.run(binary, arguments, environment: environment)
                runs.finish(index, status: output?.status ?? -1, stderr: output?.stderr ?? "could not start")
                group.leave()
            }.start()
        }
        group.wait()
        return runs.all
    }

    /// The checks of one round, given the destination's bytes after it.
    private func check(_ runs: [Run], final: Data?, sources: [Data], round: String) -> Int {
        guard let final else {
            XCTFail("\(round): no destination file; \(runs.map(\.stderr))")
            return 0
        }
        let matching = sources.indices.filter { sources[$0] == final }
        XCTAssertEqual(matching.count, 1, "\(round): the destination is not exactly one source's bytes")
        let succeeded = runs.filter { $0.status == 0 }
        XCTAssertTrue(succeeded.contains { sources[$0.source] == final },
                      "\(round): the destination's bytes are from no process that exited 0: \(runs.map { ($0.source, $0.status) })")
        for run in succeeded where sources[run.source] != final {
            // Replaced later by another that also succeeded (checked just above).
            XCTAssertTrue(succeeded.contains { sources[$0.source] == final }, "\(round): \(run)")
        }
        var busy = 0
        for run in runs where run.status != 0 {
            XCTAssertEqual(run.status, 1, "\(round): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("another transfer is writing it"), "\(round): \(run.stderr)")
            busy += 1
        }
        return busy
    }

    func testConcurrentCopiesToOneDestinationAlwaysLeaveExactlyOneSourcesBytes() throws {
        let server = try startSSHD()
        self.server = server
        let key = server.clientPrivateKeyPath
        let served = try makeSources(in: remote.path, seed: 0)
        let sent = try makeSources(in: local.path, seed: 3)
        let upTo = remote.appending("incoming").path
        try FileManager.default.createDirectory(atPath: upTo, withIntermediateDirectories: false)
        let chown = try ChildProcess.run("chown", ["-R", server.username, remote.path])
        XCTAssertEqual(chown.status, 0, chown.stderr)
        let downTo = local.appending("fetched").path
        try FileManager.default.createDirectory(atPath: downTo, withIntermediateDirectories: false)
        let host = "\(server.username)@\(server.host):\(server.port)"

        var processes = 0
        var busy = 0
        let began = Date()
        for (width, rounds) in [(2, 25), (8, 14)] {
            for round in 0..<rounds {
                let up = try race(width, source: { "\(self.local.path)/source\($0).bin" }, destination: "\(host):\(upTo)/same.bin", key: key)
                busy += check(up, final: FileManager.default.contents(atPath: upTo + "/same.bin"), sources: sent,
                              round: "upload \(width)×, round \(round)")
                let down = try race(width, source: { "\(host):\(self.remote.path)/source\($0).bin" }, destination: downTo + "/same.bin", key: key)
                busy += check(down, final: FileManager.default.contents(atPath: downTo + "/same.bin"), sources: served,
                              round: "download \(width)×, round \(round)")
                processes += 2 * width
            }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: upTo), ["same.bin"], "no partial or temporary file is left")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: downTo), ["same.bin"], "no partial or temporary file is left")
        XCTAssertGreaterThan(busy, 0, "no two copies ever met: the race was not exercised")
        print("\(processes) copies, \(busy) refused as busy, in \(Int(Date().timeIntervalSince(began))) s")
    }
}

/// One `termind cp` of a race: which source, whether with `--resume`, and how it ended.
private struct Run: Sendable {
    let source: Int
    let resume: Bool
    var status: Int32 = -1
    var stderr = ""
}

/// The runs of one race, filled in by the threads that ran them.
private final class LockedRuns: @unchecked Sendable {
    private let lock = NSLock()
    private var runs: [Run]

    init(_ runs: [Run]) { self.runs = runs }

    subscript(index: Int) -> Run { lock.withLock { runs[index] } }

    var all: [Run] { lock.withLock { runs } }

    func finish(_ index: Int, status: Int32, stderr: String) {
        lock.withLock {
            runs[index].status = status
            runs[index].stderr = stderr
        }
    }
}
