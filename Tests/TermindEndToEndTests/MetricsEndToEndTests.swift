import Foundation
import TermindTestSupport
import XCTest

/// `termind metrics` through the built binary against a real OpenSSH sshd on loopback, whose
/// server is this machine: its figures must be this machine's, within reason.
final class MetricsEndToEndTests: XCTestCase {
    private var server: SSHDServer!
    private var home: VaultHome!

    override func setUpWithError() throws {
        server = try startSSHD()
        home = try VaultHome()
    }

    override func tearDown() {
        server?.stop()
        server = nil
        home = nil
    }

    private var metrics: String {
        get throws {
            "'\(try TermindBinary.path())' metrics --batch --accept-new -i '\(server.clientPrivateKeyPath)' "
                + "\(server.username)@\(server.host):\(server.port)"
        }
    }

    private func report(_ options: String) throws -> [String: Any] {
        let run = try home.bash("\(try metrics) \(options)", timeout: 60)
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, run.stdout)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any], run.stdout)
    }

    func testOnceJSONHasEveryFieldWithThisMachinesFigures() throws {
        let started = Date()
        let json = try report("--once --json --interval 1")
        // Two samples one interval apart, then exit.
        XCTAssertLessThan(Date().timeIntervalSince(started), 30)

        let cpu = try XCTUnwrap(json["cpu"] as? [String: Any])
        let percent = try XCTUnwrap(cpu["percent"] as? Double)
        XCTAssertTrue((0...100).contains(percent), "\(percent)")
        let cores = try XCTUnwrap(cpu["perCore"] as? [Double])
        XCTAssertEqual(cores.count, ProcessInfo.processInfo.activeProcessorCount)
        XCTAssertTrue(cores.allSatisfy { (0...100).contains($0) })

        let memory = try XCTUnwrap(json["memory"] as? [String: Any])
        let total = try XCTUnwrap(memory["total"] as? UInt64)
        XCTAssertEqual(Double(total), Double(ProcessInfo.processInfo.physicalMemory), accuracy: Double(total) * 0.05)
        let available = try XCTUnwrap(memory["available"] as? UInt64)
        XCTAssertLessThanOrEqual(available, total)
        XCTAssertTrue((0...100).contains(try XCTUnwrap(memory["usedPercent"] as? Double)))

        let load = try XCTUnwrap(json["load"] as? [String: Double])
        XCTAssertEqual(Set(load.keys), ["1", "5", "15"])
        XCTAssertTrue(load.values.allSatisfy { $0 >= 0 && $0 < 10_000 })

        let uptime = try XCTUnwrap(json["uptime"] as? Double)
        XCTAssertEqual(uptime, ProcessInfo.processInfo.systemUptime, accuracy: 60)
        XCTAssertEqual(try XCTUnwrap(json["interval"] as? Double), 1, accuracy: 0.5)

        let network = try XCTUnwrap(json["network"] as? [[String: Any]])
        XCTAssertFalse(network.contains { $0["interface"] as? String == "lo" }, "lo is no physical interface")
        for interface in network {
            XCTAssertGreaterThanOrEqual(try XCTUnwrap(interface["receivedBytesPerSecond"] as? Double), 0)
            XCTAssertGreaterThanOrEqual(try XCTUnwrap(interface["sentBytesPerSecond"] as? Double), 0)
        }
        let disks = try XCTUnwrap(json["disks"] as? [[String: Any]])
        for disk in disks {
            XCTAssertNotNil(disk["device"] as? String)
            XCTAssertGreaterThanOrEqual(try XCTUnwrap(disk["readBytesPerSecond"] as? Double), 0)
            XCTAssertGreaterThanOrEqual(try XCTUnwrap(disk["writtenBytesPerSecond"] as? Double), 0)
        }

        // The root file system is this machine's, as statvfs sees it.
        let filesystems = try XCTUnwrap(json["filesystems"] as? [[String: Any]])
        let root = try XCTUnwrap(filesystems.first { $0["mount"] as? String == "/" }, "\(filesystems)")
        let attributes = try FileManager.default.attributesOfFileSystem(forPath: "/")
        let size = try XCTUnwrap(attributes[.systemSize] as? NSNumber).doubleValue
        XCTAssertEqual(try XCTUnwrap(root["size"] as? Double), size, accuracy: size * 0.01)
        XCTAssertLessThanOrEqual(try XCTUnwrap(root["used"] as? Double), size)

        let processes = try XCTUnwrap(json["processes"] as? [[String: Any]])
        XCTAssertFalse(processes.isEmpty)
        XCTAssertLessThanOrEqual(processes.count, 20)
        for process in processes {
            XCTAssertGreaterThan(try XCTUnwrap(process["pid"] as? Int), 0)
            XCTAssertNotNil(process["name"] as? String)
            XCTAssertGreaterThanOrEqual(try XCTUnwrap(process["cpu"] as? Double), 0)
            XCTAssertGreaterThanOrEqual(try XCTUnwrap(process["memory"] as? Double), 0)
        }
    }

    func testABusyProcessOnTheServerLeadsTheProcessesWithItsCPU() throws {
        // A busy loop of our own on the server's machine (the sshd is local).
        let busy = try ChildProcess("/bin/sh", ["-c", "while :; do :; done"])
        defer { busy.stop() }
        let json = try report("--once --json --interval 2")
        let processes = try XCTUnwrap(json["processes"] as? [[String: Any]])
        let loop = try XCTUnwrap(processes.first { ($0["pid"] as? Int32) == busy.processIdentifier }, "\(processes)")
        // Its share depends on what else this shared machine runs; listed among the 20 busiest
        // of every process here, with CPU of its own, is what it proves.
        XCTAssertGreaterThan(try XCTUnwrap(loop["cpu"] as? Double), 1)
        XCTAssertLessThanOrEqual(try XCTUnwrap(loop["cpu"] as? Double), 100.5)
    }

    func testTheCommandsArgumentsNeverReachTheReport() throws {
        // A busy process whose command line carries a secret: its name may show, never that.
        let secret = try ChildProcess("/bin/sh", ["-c", "while :; do :; done; : S3cretArgument"])
        defer { secret.stop() }
        let run = try home.bash("\(try metrics) --once --json --interval 1", timeout: 60)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("\"pid\":\(secret.processIdentifier)"), run.stdout)
        XCTAssertFalse(run.stdout.contains("S3cretArgument"), run.stdout)
    }

    func testAVaultHostsMetricsIntervalIsUsedWhenNoneIsGiven() throws {
        try home.addRigHosts("web", on: server)
        try home.succeed(["hosts", "edit", "web", "--metrics-interval", "3"])
        let run = try home.run(["metrics", "web", "--once", "--json", "--batch", "--accept-new"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], run.stdout)
        XCTAssertEqual(try XCTUnwrap(json["interval"] as? Double), 3, accuracy: 0.5, "the server measured its samples 3 s apart")
        let given = try home.run(["metrics", "web", "--once", "--json", "--batch", "--interval", "1"])
        let overridden = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(given.stdout.utf8)) as? [String: Any], given.stdout + given.stderr)
        XCTAssertEqual(try XCTUnwrap(overridden["interval"] as? Double), 1, accuracy: 0.5, "--interval wins")
    }

    func testOnceEndsAfterOneIntervalAndLeavesNothingRunningOnTheServer() throws {
        let started = Date()
        _ = try report("--once --json --interval 5")
        // Two samples five seconds apart; waiting for the script's next sample would take ten.
        XCTAssertLessThan(Date().timeIntervalSince(started), 9.5)
        // The script ended its whole process group when termind closed the channel's input.
        // Only the server account's processes: anything else on the machine may sleep 5 s too.
        let ended = waitUntil(timeout: 5) {
            ((try? ChildProcess.run("pgrep", ["-u", self.server.username, "-x", "-f", "sleep 5"]))?.stdout ?? "x").isEmpty
        }
        XCTAssertTrue(ended, "the sampler's loop is still running on the server")
    }

    func testAProcessNamedWithEscapeSequencesIsEscapedInJSONAndOnATerminal() throws {
        // A busy shell whose name (the kernel's comm, from the program's file name) holds ESC.
        let directory = try TemporaryDirectory(prefix: "termind-metrics-name")
        let program = directory.path + "/x\u{1B}[31mred"
        try FileManager.default.copyItem(atPath: URL(fileURLWithPath: "/bin/sh").resolvingSymlinksInPath().path, toPath: program)
        let busy = try ChildProcess(program, ["-c", "while :; do :; done"])
        defer { busy.stop() }
        let json = try home.bash("\(try metrics) --once --json --interval 1", timeout: 60)
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertTrue(json.stdout.contains("\"name\":\"x\\u001b[31mred\""), json.stdout)
        XCTAssertFalse(json.stdout.contains("\u{1B}"), "no raw ESC in the JSON")

        // On a terminal (tmux) the report shows the name escaped, never the raw sequence.
        let tmux = try TmuxSession(
            command: ["bash", "-c", "\(try metrics) --once --interval 1; sleep 30"], environment: home.terminalEnvironment)
        defer { tmux.kill() }
        XCTAssertTrue(tmux.waitForScreen(containing: "NAME", timeout: 30), tmux.screen())
        let screen = tmux.screen()
        XCTAssertFalse(screen.contains("\u{1B}"), screen)
        XCTAssertTrue(screen.contains(#"x\033[31mred"#), screen)
    }

    func testFortyFileSystemsWithKilobyteMountPointsStillGiveSamples() throws {
        // FUSE mounts whose paths run to kilobytes: the server's df (a stand-in first on the
        // session's PATH) lists 40 of 4 KB each, more than termind takes for one whole sample.
        let bin = try TemporaryDirectory(prefix: "termind-metrics-df", mode: 0o755)
        let long = String(repeating: "d", count: 4_000)
        _ = try bin.write("""
            #!/bin/sh
            echo 'Filesystem 1024-blocks Used Available Capacity Mounted on'
            for i in $(seq 1 40); do echo "fuse$i 1000 250 750 25% /mnt/$i-\(long)"; done
            """, to: "df", mode: 0o755)
        try withExtendedLifetime(bin) {
            server.stop()
            server = try startSSHD(configure: "SetEnv PATH=\(bin.path):/usr/bin:/bin\n")
            let json = try report("--once --json --interval 1")
            let filesystems = try XCTUnwrap(json["filesystems"] as? [[String: Any]], "\(json)")
            let fuse = filesystems.filter { ($0["mount"] as? String)?.hasPrefix("/mnt/") == true }
            XCTAssertEqual(fuse.count, 40, "\(filesystems.count) file systems")
            XCTAssertEqual(fuse.first?["size"] as? Double, 1000 * 1024, "the figures before the cut mount point are whole")
        }
    }

    func testTextReportShowsTheSummaryLine() throws {
        let run = try home.bash("\(try metrics) --once --interval 1", timeout: 60)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains(" cpu "), run.stdout)
        XCTAssertTrue(run.stdout.contains(" load "), run.stdout)
        XCTAssertTrue(run.stdout.contains("  fs   / "), run.stdout)
    }
}

/// The workbench's metrics as a person sees them in the built binary in tmux against the real
/// sshd: the status bar's summary, then `C-\ M` beside the terminal, with a busy loop on the
/// server (this machine) listed among its processes while the CPU line fills.
final class MetricsPaneEndToEndTests: XCTestCase {
    func testTheMetricsPaneBesideATerminalShowsTheBusyLoopAndItsFileSystems() throws {
        let home = try VaultHome()
        let server = try startSSHD()
        defer { server.stop() }
        try home.addRigHosts("web", on: server)
        let session = try TmuxSession(command: [try TermindBinary.path(), "connect", "web"], environment: home.terminalEnvironment)
        defer { session.kill() }
        _ = try ChildProcess.run("tmux", ["resize-window", "-t", session.name, "-x", "180", "-y", "50"])
        XCTAssertTrue(session.waitForScreen(containing: "Unknown host key"), session.screen())
        session.keys("s")
        XCTAssertTrue(session.waitForScreen(containing: "~$"), session.screen())
        // The status bar's summary comes after two samples, 2 s apart.
        XCTAssertTrue(session.waitForScreen(containing: "cpu ", timeout: 30), session.screen())

        let busy = try ChildProcess("/bin/sh", ["-c", "while :; do :; done"])
        defer { busy.stop() }
        session.keys("C-\\", "M")
        XCTAssertTrue(session.waitForScreen(containing: "web · metrics", timeout: 15), session.screen())
        XCTAssertTrue(session.waitForScreen(containing: "Processes by CPU", timeout: 30), session.screen())
        // The busy loop is among the busiest, by its PID; the root file system is listed.
        XCTAssertTrue(session.waitForScreen(containing: " \(busy.processIdentifier) ", timeout: 30), session.screen())
        XCTAssertTrue(session.waitForScreen(containing: "File systems", timeout: 5), session.screen())
        XCTAssertTrue(session.screen().split(separator: "\n").contains { $0.contains("│  / ") || $0.contains("  /   ") }, session.screen())
        // Samples pile up on the CPU line, newest at the right.
        XCTAssertTrue(waitUntil(timeout: 30) { Self.sparkColumns(of: "CPU", in: session.screen()) >= 4 }, session.screen())
        XCTAssertFalse(session.screen().contains("\u{1B}"))
    }

    /// How many sparkline blocks the row starting with `name` has in the metrics pane.
    private static func sparkColumns(of name: String, in screen: String) -> Int {
        let blocks: Set<Character> = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        guard let row = screen.split(separator: "\n").first(where: { $0.contains("│ \(name) ") }) else { return 0 }
        return row.filter { blocks.contains($0) }.count
    }
}
