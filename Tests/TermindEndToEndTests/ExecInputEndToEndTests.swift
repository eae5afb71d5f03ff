import Foundation
import TermindTestSupport
import XCTest

/// `termind exec` with standard input, as scripts use ssh: piped into the remote command as it
/// is read, `-n`, an early remote exit, `-t`/`-tt` PTYs and `--stdin-all`, through the built
/// binary against a real OpenSSH sshd.
final class ExecInputEndToEndTests: XCTestCase {
    private var server: SSHDServer!
    private var home: VaultHome!
    private var scratch: TemporaryDirectory!

    override func setUpWithError() throws {
        server = try startSSHD(configure: "MaxStartups 100\n")
        home = try VaultHome()
        scratch = try TemporaryDirectory(prefix: "termind-exec-input")
    }

    override func tearDown() {
        server?.stop()
        server = nil
        home = nil
        scratch = nil
    }

    private var target: String { "\(server.username)@\(server.host):\(server.port)" }

    /// `termind exec` with the rig's key, as a shell would spell it (for pipes and redirects).
    private var exec: String {
        get throws {
            "'\(try TermindBinary.path())' exec --batch --accept-new -i '\(server.clientPrivateKeyPath)' \(target)"
        }
    }

    /// Runs `script` in bash with this test's home; `$1` onwards are `arguments`.
    private func shell(_ script: String, timeout: Int = 120) throws -> ChildProcess.Output {
        try home.bash(script, timeout: timeout, environment: ["SCRATCH": scratch.path])
    }

    private func sha256(ofFile path: String) throws -> String {
        let result = try ChildProcess.run("sha256sum", [path])
        return String(result.stdout.prefix(64))
    }

    func testPipedStandardInputReachesTheRemoteCommandByteForByte() throws {
        let hello = try shell("echo hello | \(try exec) -- cat")
        XCTAssertEqual(hello.status, 0, hello.stderr)
        XCTAssertEqual(hello.stdout, "hello\n")

        // 1 MiB of random bytes, not text: the remote digest must be the local one.
        let file = scratch.path + "/1MB.bin"
        XCTAssertEqual(try shell("head -c 1048576 /dev/urandom > '\(file)'").status, 0)
        let digest = try shell("\(try exec) -- sha256sum < '\(file)'")
        XCTAssertEqual(digest.status, 0, digest.stderr)
        XCTAssertEqual(String(digest.stdout.prefix(64)), try sha256(ofFile: file))
    }

    func testACommandsArgumentsNeverReachTheDebugLog() throws {
        let run = try home.bash(
            "\(try exec) -- echo S3cretArg", environment: ["TERMIND_LOG_LEVEL": "debug"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "S3cretArg\n")

        let log = try String(contentsOfFile: home.logPath, encoding: .utf8)
        XCTAssertTrue(log.contains("command `echo …`"), log)
        XCTAssertFalse(log.contains("S3cretArg"), log)
    }

    func testNoStdinSendsEndOfInputAtOnceAndReadsNothing() throws {
        // A FIFO the shell holds open for writing and never writes: input that never ends,
        // so a termind that read it would wait until the timeout.
        let started = Date()
        let result = try shell("""
            mkfifo "$SCRATCH/never" && exec 3<>"$SCRATCH/never" && \(try exec) -n -- 'cat; echo remote-saw-eof' <&3
            """, timeout: 40)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "remote-saw-eof\n")
        XCTAssertLessThan(Date().timeIntervalSince(started), 20, "-n must not wait for standard input")
    }

    func testARemoteCommandThatExitsBeforeReadingEverythingEndsTheCopyWithItsStatus() throws {
        // An endless input and a command that takes five bytes: termind ends with head's 0.
        let head = try shell("yes | \(try exec) -- head -c 5", timeout: 60)
        XCTAssertEqual(head.status, 0, head.stderr)
        XCTAssertEqual(head.stdout, "y\ny\ny")
        XCTAssertFalse(head.stderr.contains("termind:"), head.stderr)

        let ignoring = try shell("cat /dev/zero | \(try exec) -- 'exit 3'", timeout: 60)
        XCTAssertEqual(ignoring.status, 3, ignoring.stderr)
    }

    func testATreeStreamedThroughTarArrivesIdentical() throws {
        // The rig's login user unpacks into a directory of its own in a shared one.
        let source = scratch.path + "/source", destination = scratch.path + "/shared/destination"
        let made = try shell("""
            chmod 755 "$SCRATCH" && mkdir -m 777 "$SCRATCH/shared" && mkdir -p '\(source)/nested/deeper' && head -c 67108864 /dev/urandom > '\(source)/big.bin' \
            && for i in $(seq 1 200); do echo "file $i" > '\(source)/nested/f'$i; done \
            && printf 'x' > '\(source)/nested/deeper/one'
            """)
        XCTAssertEqual(made.status, 0, made.stderr)

        let copied = try shell("tar c -C '\(source)' . | \(try exec) -- 'mkdir \(destination) && tar x -C \(destination)'")
        XCTAssertEqual(copied.status, 0, copied.stderr)
        let compared = try ChildProcess.run("diff", ["-r", source, destination])
        XCTAssertEqual(compared.status, 0, "the trees differ: \(compared.stdout)\(compared.stderr)")
    }

    func testATerminalOnStandardInputIsNotReadWithoutAPTY() throws {
        // In a terminal, `cat` without -t gets EOF at once instead of waiting for the keyboard.
        let session = try TmuxSession(
            command: ["bash", "-c", "\(try exec) -- 'cat; echo no-terminal-read'"], environment: home.terminalEnvironment)
        defer { session.kill() }
        XCTAssertTrue(session.waitForScreen(containing: "no-terminal-read"), session.screen())
        XCTAssertTrue(session.waitForScreen(containing: "termind exited 0"), session.screen())
    }

    func testTTYRunsTheCommandOnAPTYOfTheTerminalsSizeThatFollowsAResize() throws {
        let session = try TmuxSession(
            // The command says when the resize has reached its PTY, so the test waits on that.
            command: [
                "bash", "-c",
                "\(try exec) -t -- 'stty size; while [ \"$(stty size)\" = \"45 160\" ]; do sleep 0.05; done; echo resized; read line; echo got-$line; stty size; exit 5'",
            ],
            environment: home.terminalEnvironment)
        defer { session.kill() }
        XCTAssertTrue(session.waitForScreen(containing: "45 160"), session.screen())
        _ = try ChildProcess.run("tmux", ["resize-window", "-t", session.name, "-x", "100", "-y", "30"])
        XCTAssertTrue(session.waitForScreen(containing: "resized"), session.screen())
        session.send("typed")
        XCTAssertTrue(session.waitForScreen(containing: "got-typed"), session.screen())
        XCTAssertTrue(session.waitForScreen(containing: "30 100"), session.screen())
        XCTAssertTrue(session.waitForScreen(containing: "termind exited 5"), session.screen())
    }

    func testTTYWithoutATerminalSaysSoAndForcedTTYAllocatesOne() throws {
        let asked = try shell("echo | \(try exec) -t -- 'tty || true'")
        XCTAssertEqual(asked.stdout, "not a tty\n", asked.stderr)
        XCTAssertTrue(asked.stderr.contains("no PTY for the command"), asked.stderr)

        let forced = try shell("\(try exec) -tt -- tty < /dev/null")
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertTrue(forced.stdout.contains("/dev/pts/"), forced.stdout)

        let refused = try shell("\(try exec) -t -T -- true")
        XCTAssertEqual(refused.status, 2, refused.stderr)
    }

    func testForcedTTYTakesAFileFasterThanTheRemoteTerminalWithEchoOffAndKeepsTheConnection() throws {
        // With echo off in canonical mode sshd answers each write to the terminal with an IGNORE
        // as long as the write; input sent far ahead made one over libssh2's 40,000-byte limit
        // and the connection was lost (code -41). `head -c` ends once all bytes arrived (the
        // PTY's end of input is not EOF, as with ssh -tt).
        let file = scratch.path + "/270k.txt"
        XCTAssertEqual(try shell("head -c 270000 /dev/urandom | base64 > '\(file)'").status, 0)
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
        let expected = try sha256(ofFile: file)
        for attempt in 1...5 {
            // The digest is the command's last line; before `stty -echo` took effect the
            // terminal echoed the first bytes.
            let result = try shell("\(try exec) -tt -- 'stty -echo; head -c \(size) | sha256sum' < '\(file)'")
            XCTAssertEqual(result.status, 0, "attempt \(attempt): \(result.stderr)")
            XCTAssertTrue(result.stdout.hasSuffix("\(expected)  -\r\n"), "attempt \(attempt): \(result.stdout.suffix(200))")
        }
    }

    func testSeveralHostsReadStandardInputOnlyWithStdinAllAndThenAllGetTheSameBytes() throws {
        try home.succeed(["keys", "import", "rig", "--file", server.clientPrivateKeyPath])
        try home.succeed(["identities", "add", "tester", "--user", server.username, "--key", "rig"])
        for label in ["web", "db", "cache"] {
            try home.succeed(["hosts", "add", label, "--hostname", server.host, "--port", String(server.port), "--identity", "tester"])
        }
        let binary = try TermindBinary.path()
        let file = scratch.path + "/payload.bin"
        XCTAssertEqual(try shell("head -c 300000 /dev/urandom > '\(file)'").status, 0)
        let expected = try sha256(ofFile: file)

        let all = try shell("'\(binary)' exec --batch --accept-new web db cache --stdin-all -- sha256sum < '\(file)'")
        XCTAssertEqual(all.status, 0, all.stderr)
        let lines = all.stdout.split(separator: "\n").map(String.init).sorted()
        XCTAssertEqual(lines, ["cache: \(expected)  -", "db: \(expected)  -", "web: \(expected)  -"])

        let unread = try shell("'\(binary)' exec --batch web db -- 'wc -c' < '\(file)'")
        XCTAssertEqual(unread.status, 0, unread.stderr)
        XCTAssertEqual(Set(unread.stdout.split(separator: "\n").map(String.init)), ["web: 0", "db: 0"])

        let tooLarge = try shell("head -c 2000000 /dev/zero | '\(binary)' exec --batch web db --stdin-all --stdin-limit 1 -- 'wc -c'")
        XCTAssertEqual(tooLarge.status, 1, tooLarge.stderr)
        XCTAssertTrue(tooLarge.stderr.contains("larger than 1 MiB"), tooLarge.stderr)
        XCTAssertEqual(tooLarge.stdout, "", "nothing may run when the input is refused")
    }

    func testCtrlCOnAPlainExecEndsTheRemoteCommandAndExits130() throws {
        let seconds = Int.random(in: 5_000...9_999)
        // As a person types it: the command alone (the remote shell execs it), nothing printed.
        let child = try home.start(["exec", "--batch", "--accept-new", "-i", server.clientPrivateKeyPath, target, "--",
                                    "sleep", String(seconds)])
        defer { child.stop() }
        XCTAssertTrue(waitUntil(timeout: 15) { !self.sleeping(seconds).isEmpty }, "the remote sleep never started")

        child.signal(SIGINT)
        let exit = try XCTUnwrap(child.waitForExit(within: 10), "exec did not end on SIGINT")
        XCTAssertEqual(exit.status, 130, exit.stderr)
        XCTAssertTrue(exit.stderr.contains("interrupted"), exit.stderr)
        _ = waitUntil(timeout: 3, every: 0.05) { sleeping(seconds).isEmpty }
        XCTAssertEqual(sleeping(seconds), [], "a sleep was left on the server")
    }

    func testCtrlCOnAnExecOnSeveralHostsEndsEveryRemoteCommandAndExits130() throws {
        try home.succeed(["keys", "import", "rig", "--file", server.clientPrivateKeyPath])
        try home.succeed(["identities", "add", "tester", "--user", server.username, "--key", "rig"])
        for label in ["web", "db"] {
            try home.succeed(["hosts", "add", label, "--hostname", server.host, "--port", String(server.port), "--identity", "tester"])
        }
        let seconds = Int.random(in: 5_000...9_999)
        let child = try home.start(["exec", "--batch", "--accept-new", "web", "db", "--", "sleep", String(seconds)])
        defer { child.stop() }
        XCTAssertTrue(waitUntil(timeout: 15) { self.sleeping(seconds).count == 2 }, "the remote sleeps never started")

        child.signal(SIGINT)
        let exit = try XCTUnwrap(child.waitForExit(within: 10), "exec did not end on SIGINT")
        XCTAssertEqual(exit.status, 130, exit.stderr)
        XCTAssertTrue(exit.stderr.contains("web: interrupted: cancelled before it finished"), exit.stderr)
        XCTAssertTrue(exit.stderr.contains("db: interrupted: cancelled before it finished"), exit.stderr)
        _ = waitUntil(timeout: 3, every: 0.05) { sleeping(seconds).isEmpty }
        XCTAssertEqual(sleeping(seconds), [], "a sleep was left on a server")
    }

    /// The pids of `sleep SECONDS` processes on this machine (the server's).
    private func sleeping(_ seconds: Int) -> [String] {
        let found = try? ChildProcess.run("pgrep", ["-x", "-f", "sleep \(seconds)"])
        return (found?.stdout ?? "").split(separator: "\n").map(String.init)
    }
}
