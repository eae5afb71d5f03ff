import Foundation
import TermindTestSupport
import XCTest

/// Issue 42, rows 1 and 11, through the built binary against the real sshd on loopback (whose
/// server is this machine): another user of the server names processes with the sampler's
/// markers and /proc text, and forges nothing; the sampler shows in `ps` as `sh -s` with no
/// program in any process's arguments; a sample that does not parse fails, saying why.
final class MetricsForgeryEndToEndTests: XCTestCase {
    /// A second account on the server (and here), not the one termind logs in as.
    private static let otherUser = "termind-other"
    /// What that user names processes, each within the kernel's 15 bytes of a name.
    private static let forgeries = ["\n@@end\n", "\n@@uptime\n9999\n", "\ncpu 999 0 0 0\n", "\nMemTotal: 999\n"]

    private var server: SSHDServer!
    private var home: VaultHome!
    private var started: [ChildProcess] = []
    /// Files the server runs or execs, readable by every account.
    private var files: TemporaryDirectory!

    override func setUpWithError() throws {
        server = try startSSHD()
        home = try VaultHome()
        files = try TemporaryDirectory(prefix: "termind-metrics-forgery", mode: 0o755)
    }

    override func tearDown() {
        for process in started { process.stop() }
        started = []
        server?.stop()
        server = nil
        home = nil
        files = nil
    }

    private var target: [String] {
        get throws {
            ["--batch", "--accept-new", "-i", server.clientPrivateKeyPath, "\(server.username)@\(server.host):\(server.port)"]
        }
    }

    /// Starts `program arguments...` as the other user; its pid is the program's (setpriv execs it).
    private func startAsOtherUser(_ program: String, _ arguments: [String]) throws -> ChildProcess {
        let process = try ChildProcess(
            "setpriv", ["--reuid=\(Self.otherUser)", "--regid=\(Self.otherUser)", "--clear-groups", program] + arguments)
        started.append(process)
        return process
    }

    func testProcessNamesOfAnotherUserForgeNoFigureAndHideNoProcess() throws {
        try TestAccount.ensureExists(Self.otherUser, shell: "/bin/sh")
        // A process's name is its program's file name: copies of sleep named with each forgery.
        let sleep = URL(fileURLWithPath: try ChildProcess.resolve("sleep")).resolvingSymlinksInPath().path
        var forgers: [(ChildProcess, String)] = []
        for name in Self.forgeries {
            let path = files.path + "/" + name
            try FileManager.default.copyItem(atPath: sleep, toPath: path)
            chmod(path, 0o755)
            forgers.append((try startAsOtherUser(path, ["600"]), name))
        }
        // The other user's busy process, started after the forgers: /proc lists it after them.
        let busy = try startAsOtherUser("/bin/sh", ["-c", "while :; do :; done"])
        // And a busy shell whose name holds a parenthesis, a backslash, newlines and a marker.
        let oddName = "a) \\\n@@end\n"
        let shell = URL(fileURLWithPath: "/bin/sh").resolvingSymlinksInPath().path
        try FileManager.default.copyItem(atPath: shell, toPath: files.path + "/" + oddName)
        chmod(files.path + "/" + oddName, 0o755)
        let odd = try startAsOtherUser(files.path + "/" + oddName, ["-c", "while :; do :; done"])
        forgers.append((odd, oddName))
        for (forger, name) in forgers {
            XCTAssertTrue(waitUntil(timeout: 10) {
                (try? String(contentsOfFile: "/proc/\(forger.processIdentifier)/comm", encoding: .utf8)) == name + "\n"
            }, "the forger \(forger.processIdentifier) never took its name")
        }

        let run = try home.run(["metrics"] + (try target) + ["--once", "--json", "--interval", "2"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], run.stdout)
        // This machine's own figures, none of the forged ones.
        XCTAssertEqual(try XCTUnwrap(json["uptime"] as? Double), ProcessInfo.processInfo.systemUptime, accuracy: 60, run.stdout)
        let memory = try XCTUnwrap(json["memory"] as? [String: Any], run.stdout)
        let total = try XCTUnwrap(memory["total"] as? Double)
        XCTAssertEqual(total, Double(ProcessInfo.processInfo.physicalMemory), accuracy: total * 0.05, run.stdout)
        XCTAssertLessThan(try XCTUnwrap(memory["usedPercent"] as? Double), 100, run.stdout)
        let cpu = try XCTUnwrap(json["cpu"] as? [String: Any], run.stdout)
        XCTAssertTrue((0...100).contains(try XCTUnwrap(cpu["percent"] as? Double)), run.stdout)
        XCTAssertEqual((cpu["perCore"] as? [Double])?.count, ProcessInfo.processInfo.activeProcessorCount, run.stdout)
        // Every process is still listed: the other user's busy loop is among the busiest.
        let processes = try XCTUnwrap(json["processes"] as? [[String: Any]], run.stdout)
        XCTAssertTrue(processes.contains { ($0["pid"] as? Int32) == busy.processIdentifier }, "\(busy.processIdentifier) in \(processes)")
        // The odd name arrives whole, as the process set it.
        let listed = try XCTUnwrap(processes.first { ($0["pid"] as? Int32) == odd.processIdentifier }, "\(odd.processIdentifier) in \(processes)")
        XCTAssertEqual(listed["name"] as? String, oddName)
    }

    func testTheServerShowsTheSamplerAsShWithNoProgramInAnyArguments() throws {
        let metrics = try home.start(["metrics"] + (try target) + ["--json", "--interval", "1"])
        started.append(metrics)
        // The first report: the sampler has run two samples.
        _ = try metrics.waitForLine(timeout: 30) { $0.hasPrefix("{") }
        let processes = server.sessionProcesses()
        XCTAssertTrue(processes.contains { $0.arguments == ["sh", "-s"] }, "\(processes)")
        for process in processes {
            let shown = process.arguments.joined(separator: " ")
            for word in ["base64", "eval", "getline", "/proc", "while", "boundary"] {
                XCTAssertFalse(shown.contains(word), "pid \(process.pid) shows `\(shown)`")
            }
            // Neither the script nor the run's boundary (32 hex digits) is in any arguments.
            XCTAssertNil(shown.range(of: "[0-9a-f]{32}", options: .regularExpression), "pid \(process.pid) shows `\(shown)`")
            XCTAssertLessThan(shown.utf8.count, 80, "pid \(process.pid) shows `\(shown)`")
        }
    }

    func testASampleThatDoesNotParseFailsWithItsReasonInJSONAndExitsOne() throws {
        // The server answers the sampler with samples in the run's frame that lack /proc/stat.
        let answer = try files.write(#"""
            while IFS= read -r line; do case $line in boundary=*) b=${line#boundary=}; break;; esac; done
            printf '@@%s sample 100 4096\n@@%s uptime\n100 1\n@@%s end\n' "$b" "$b" "$b"
            cat >/dev/null
            """#, to: "answer.sh", mode: 0o755)
        server.stop()
        server = try startSSHD(configure: "ForceCommand /bin/sh \(answer)")
        // Bounded: a termind that never writes the script would leave the answer waiting.
        let arguments = (try target).map { "'\($0)'" }.joined(separator: " ")
        let run = try home.bash("\"$T\" metrics \(arguments) --once --json --interval 1", timeout: 60)
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], run.stdout)
        XCTAssertEqual(json.keys.sorted(), ["failed", "host"], run.stdout)
        XCTAssertTrue((json["failed"] as? String)?.hasSuffix("the server's metrics sample has no stat section") == true, run.stdout)
        XCTAssertTrue(run.stderr.contains("the server's metrics sample has no stat section"), run.stderr)
        XCTAssertFalse(run.stdout.contains("\"cpu\""), "no report of zeros: \(run.stdout)")
    }
}
