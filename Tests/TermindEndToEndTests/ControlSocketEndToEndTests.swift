import Foundation
import TermindTestSupport
import XCTest

/// One authentication across processes (docs/behaviour.md §2, "Sharing across processes"),
/// with the built binary and the rig's sshd: `termind exec --persist` (or a workbench) holds
/// the connection and serves it on the control socket in `$XDG_RUNTIME_DIR/termind`; later
/// `exec`, `cp` and `ls` open channels through it, and sshd logs one `Accepted publickey`.
/// The socket refuses another uid, and a client that sends garbage loses only its own
/// connection. Sharing never fails a command that did not ask for it: an unsafe directory, a
/// path too long, a stale socket or a stopped holder means the command connects on its own
/// (said once in the log); only `--persist` fails, saying why.
final class ControlSocketEndToEndTests: XCTestCase {
    private var home: VaultHome!
    private var runtime: TemporaryDirectory!

    override func setUpWithError() throws {
        home = try VaultHome()
        runtime = try TemporaryDirectory(prefix: "termind-runtime", mode: 0o700)
        home.environment["XDG_RUNTIME_DIR"] = runtime.path
    }

    override func tearDown() {
        // A holder stops once its socket is gone. The home goes only after it has: what it logs
        // on its way out would make the home's state directory again, left behind in /tmp.
        if let runtime {
            try? FileManager.default.removeItem(atPath: runtime.path + "/termind")
            XCTAssertTrue(waitUntil(timeout: 10) { Self.processes(withEnvironment: "XDG_RUNTIME_DIR=" + runtime.path).isEmpty })
        }
        home = nil
        runtime = nil
    }

    /// Processes whose environment holds `entry` exactly (this test's holders).
    private static func processes(withEnvironment entry: String) -> [String] {
        let wanted = Array(entry.utf8)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.filter { name in
            guard name.allSatisfy(\.isNumber), let environment = FileManager.default.contents(atPath: "/proc/\(name)/environ")
            else { return false }
            return environment.split(separator: 0).contains { $0.elementsEqual(wanted) }
        }
    }

    private var socketDirectory: String { runtime.path + "/termind" }

    private static func count(_ text: String, in log: String) -> Int {
        log.components(separatedBy: text).count - 1
    }

    private func logins(_ server: SSHDServer) -> Int { Self.count("Accepted publickey", in: server.log()) }

    /// The rig's sshd with Host `web`, its key saved, and a holder for `web` started with
    /// `exec --persist`: one login so far.
    private func persistedWeb(configure extra: String = "") throws -> SSHDServer {
        let server = try startSSHD(configure: extra)
        try home.addRigHosts("web", on: server)
        let result = try home.run(["exec", "web", "--persist", "2m", "--accept-new", "--", "true"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(waitUntil(timeout: 10) { self.logins(server) == 1 }, server.log())
        return server
    }

    /// The one socket in the directory.
    private func socketPath() throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: socketDirectory).filter { $0.hasSuffix(".sock") }
        XCTAssertEqual(names.count, 1, "\(names)")
        return socketDirectory + "/" + (names.first ?? "none")
    }

    /// Runs a python client against the socket: `script` gets `s`, a connected socket.
    private func python(_ script: String, as user: [String] = []) throws -> ChildProcess.Output {
        let path = try socketPath()
        let program = "import socket, struct, os, sys, time\ns = socket.socket(socket.AF_UNIX)\ns.connect(\(pythonString(path)))\n" + script
        // The system's python: a user-local shim is not open to another uid.
        return try ChildProcess.run(
            user.isEmpty ? "python3" : user[0], Array(user.dropFirst()) + (user.isEmpty ? ["-c", program] : ["/usr/bin/python3", "-c", program]))
    }

    private func pythonString(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "\\'") + "'" }

    func testExecThroughAPersistedConnectionMakesNoSecondLoginAndKeepsOutputStatusAndInput() throws {
        let server = try persistedWeb()
        let mode = try FileManager.default.attributesOfItem(atPath: socketDirectory)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o700)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: try socketPath())[.posixPermissions] as? Int, 0o600)

        let echo = try home.bash("echo hi | \"$T\" exec web -- cat")
        XCTAssertEqual(echo.status, 0, echo.stderr)
        XCTAssertEqual(echo.stdout, "hi\n")
        let failing = try home.run(["exec", "web", "--", "echo out; echo err >&2; exit 3"])
        XCTAssertEqual(failing.status, 3, failing.stderr)
        XCTAssertEqual(failing.stdout, "out\n")
        XCTAssertEqual(failing.stderr, "err\n")
        let big = try home.bash("head -c 3000000 /dev/zero | \"$T\" exec web -- 'wc -c'")
        XCTAssertEqual(big.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "3000000", big.stderr)
        XCTAssertTrue(server.waitUntilEverySessionsLoginIsLogged(), server.log())
        XCTAssertEqual(logins(server), 1, "every exec went through the socket: \(server.log())")

        let direct = try home.run(["exec", "web", "--no-share", "--", "true"])
        XCTAssertEqual(direct.status, 0, direct.stderr)
        XCTAssertTrue(waitUntil(timeout: 10) { self.logins(server) == 2 }, "--no-share logs in: \(server.log())")
    }

    func testAChannelTheSharedConnectionRefusesRunsOnAConnectionOfItsOwn() throws {
        // One session per connection: while the holder's connection runs one command, it
        // can open no channel for a second.
        let server = try persistedWeb(configure: "MaxSessions 1")
        let first = try home.start(["exec", "web", "--", "sleep 4; echo first"])
        XCTAssertTrue(waitUntil(timeout: 10) { (try? ChildProcess.run("pgrep", ["-u", "termind-test", "-f", "sleep 4"]))?.status == 0 })
        let second = try home.run(["exec", "web", "--", "echo second"])
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(second.stdout, "second\n")
        XCTAssertEqual(logins(server), 2, "the refused channel ran on a second login: \(server.log())")
        let firstOutput = first.waitForExit(within: 20)
        XCTAssertEqual(firstOutput?.status, 0, firstOutput?.stderr ?? "still running")
        XCTAssertEqual(firstOutput?.stdout, "first\n")
    }

    func testCpAndLsGoThroughThePersistedConnection() throws {
        let server = try persistedWeb()
        let remote = try TemporaryDirectory(prefix: "termind-control-remote", mode: 0o777)
        let local = try TemporaryDirectory(prefix: "termind-control-local")
        let bytes = Data((0..<1_500_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
        XCTAssertTrue(FileManager.default.createFile(atPath: remote.appending("data.bin").path, contents: bytes))

        let listing = try home.run(["ls", "web:" + remote.path])
        XCTAssertEqual(listing.status, 0, listing.stderr)
        XCTAssertTrue(listing.stdout.contains("data.bin"), listing.stdout)
        let down = try home.run(["cp", "web:" + remote.appending("data.bin").path, local.path + "/"])
        XCTAssertEqual(down.status, 0, down.stderr)
        XCTAssertEqual(FileManager.default.contents(atPath: local.appending("data.bin").path), bytes)
        let up = try home.run(["cp", local.appending("data.bin").path, "web:" + remote.appending("back.bin").path])
        XCTAssertEqual(up.status, 0, up.stderr)
        XCTAssertEqual(FileManager.default.contents(atPath: remote.appending("back.bin").path), bytes)
        XCTAssertTrue(server.waitUntilEverySessionsLoginIsLogged(), server.log())
        XCTAssertEqual(logins(server), 1, "ls and cp went through the socket: \(server.log())")
    }

    func testTheSocketRefusesAnotherUid() throws {
        _ = try persistedWeb()
        let path = try socketPath()
        // Open the way for uid 65534 so that only the server's own check stands.
        XCTAssertEqual(chmod(runtime.path, 0o711), 0)
        XCTAssertEqual(chmod(socketDirectory, 0o711), 0)
        XCTAssertEqual(chmod(path, 0o666), 0)
        let setpriv = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        if ProcessInfo.processInfo.environment["CI"] == "true" || getuid() == 0 {
            XCTAssertEqual(getuid(), 0, "refusing another uid needs root to become uid 65534")
        } else {
            throw XCTSkip("refusing another uid needs root to become uid 65534")
        }
        let stranger = try python("s.settimeout(5)\nprint('got', len(s.recv(100)))", as: setpriv)
        XCTAssertEqual(stranger.stdout, "got 0\n", "the server closed without a word: \(stranger.stderr)")
        let ours = try python("s.settimeout(5)\nprint('got', len(s.recv(100)) > 0)")
        XCTAssertEqual(ours.stdout, "got True\n", ours.stderr)
        XCTAssertEqual(chmod(socketDirectory, 0o700), 0)
        XCTAssertEqual(chmod(path, 0o600), 0)
    }

    /// How often the log says the shared connection was not used.
    private func notUsedLines() -> Int {
        Self.count("not using the shared connection", in: (try? String(contentsOfFile: home.logPath, encoding: .utf8)) ?? "")
    }

    func testAnUnsafeSocketDirectoryLeavesPlainCommandsConnectingOnTheirOwnAndFailsOnlyPersist() throws {
        let server = try startSSHD()
        try home.addRigHosts("web", on: server)
        XCTAssertEqual(mkdir(socketDirectory, 0o700), 0)
        XCTAssertEqual(chmod(socketDirectory, 0o777), 0)
        let wide = try home.run(["exec", "web", "--accept-new", "--", "echo x"])
        XCTAssertEqual(wide.status, 0, wide.stderr)
        XCTAssertEqual(wide.stdout, "x\n")
        XCTAssertFalse(wide.stderr.contains("control socket"), "the reason goes to the log: \(wide.stderr)")
        XCTAssertEqual(notUsedLines(), 1, "logged once")
        XCTAssertTrue(try String(contentsOfFile: home.logPath, encoding: .utf8).contains("the directory has mode 0777"))
        XCTAssertEqual(chmod(socketDirectory, 0o700), 0)
        XCTAssertEqual(chown(socketDirectory, 65534, 65534), 0)
        let foreign = try home.run(["exec", "web", "--persist", "1m", "--", "echo ran"])
        XCTAssertEqual(foreign.status, 1, foreign.stderr)
        XCTAssertEqual(foreign.stdout, "", "the command does not run as if it were shared")
        XCTAssertTrue(foreign.stderr.contains("--persist cannot share the connection"), foreign.stderr)
        XCTAssertTrue(foreign.stderr.contains("control socket \(socketDirectory): the directory is owned by uid 65534"), foreign.stderr)
        XCTAssertTrue(foreign.stderr.contains("XDG_RUNTIME_DIR"), "says what to do: \(foreign.stderr)")
        let mode = try FileManager.default.attributesOfItem(atPath: socketDirectory)
        XCTAssertEqual(mode[.ownerAccountID] as? Int, 65534, "never changed")
        let plain = try home.run(["ls", "web:/"])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertTrue(plain.stdout.contains("etc"), plain.stdout)
    }

    /// Issue 42 row 7: with `XDG_RUNTIME_DIR` unset, another local account makes
    /// `termind-UID` in the temporary directory first. Plain commands connect on their own;
    /// only `--persist`, which asked to share, fails.
    func testASocketDirectoryPlantedByAnotherLocalAccountLeavesPlainCommandsWorking() throws {
        let server = try startSSHD()
        try home.addRigHosts("web", on: server)
        try TestAccount.ensureExists()
        let temporary = try TemporaryDirectory(prefix: "termind-tmpdir", mode: 0o1777)
        let planted = temporary.path + "/termind-\(getuid())"
        let mkdir = try ChildProcess.run("runuser", ["-u", TestAccount.username, "--", "mkdir", "-m700", planted])
        XCTAssertEqual(mkdir.status, 0, mkdir.stderr)
        let environment = ["XDG_RUNTIME_DIR": "", "TMPDIR": temporary.path]

        let exec = try home.run(["exec", "web", "--accept-new", "--", "echo x"], environment: environment)
        XCTAssertEqual(exec.status, 0, exec.stderr)
        XCTAssertEqual(exec.stdout, "x\n")
        XCTAssertFalse(exec.stderr.contains("control socket"), "the reason goes to the log: \(exec.stderr)")
        XCTAssertEqual(notUsedLines(), 1)
        XCTAssertTrue(try String(contentsOfFile: home.logPath, encoding: .utf8).contains("control socket \(planted): the directory is owned by uid"))
        let listing = try home.run(["ls", "web:/"], environment: environment)
        XCTAssertEqual(listing.status, 0, listing.stderr)
        XCTAssertTrue(listing.stdout.contains("etc"), listing.stdout)

        let persist = try home.run(["exec", "web", "--persist", "1m", "--", "echo ran"], environment: environment)
        XCTAssertEqual(persist.status, 1, persist.stderr)
        XCTAssertEqual(persist.stdout, "")
        XCTAssertTrue(persist.stderr.contains("control socket \(planted): the directory is owned by uid"), persist.stderr)
        var info = stat()
        XCTAssertEqual(lstat(planted, &info), 0)
        XCTAssertEqual(info.st_uid, getpwnam(TestAccount.username)?.pointee.pw_uid, "left as it is")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: planted), [])
    }

    /// Issue 42 row 8: a holder that is stopped keeps its socket and accepts nothing; a plain
    /// command waits half a second for it, then connects on its own.
    func testAStoppedHolderIsNotWaitedForAndTheCommandConnectsItself() throws {
        let server = try persistedWeb()
        let pid = try python("print(struct.unpack('3i', s.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12))[0])")
        let holder = try XCTUnwrap(pid_t(pid.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), pid.stderr)
        XCTAssertEqual(kill(holder, SIGSTOP), 0)
        defer { kill(holder, SIGCONT) }
        let started = Date()
        let result = try home.run(["exec", "web", "--", "echo x"])
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "x\n")
        XCTAssertEqual(result.stderr, "")
        XCTAssertLessThan(elapsed, 3, "not waited for: \(elapsed) s")
        XCTAssertTrue(waitUntil(timeout: 10) { self.logins(server) == 2 }, server.log())
        XCTAssertTrue(try String(contentsOfFile: home.logPath, encoding: .utf8).contains("not within 0.5 seconds: stopped or stuck); end that process or remove the socket"))
    }

    /// Issue 42 (review): `--persist` beside a stopped holder would share nothing (the stopped
    /// holder keeps the socket), so it fails saying which socket, why and what to do; a plain
    /// command still connects on its own.
    func testPersistFailsWhenTheHolderOfTheSocketDoesNotAnswer() throws {
        _ = try persistedWeb()
        let path = try socketPath()
        let pid = try python("print(struct.unpack('3i', s.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12))[0])")
        let holder = try XCTUnwrap(pid_t(pid.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), pid.stderr)
        XCTAssertEqual(kill(holder, SIGSTOP), 0)
        defer { kill(holder, SIGCONT) }

        let persist = try home.run(["exec", "web", "--persist", "1m", "--", "echo ran"])
        XCTAssertEqual(persist.status, 1, persist.stderr)
        XCTAssertEqual(persist.stdout, "")
        XCTAssertTrue(persist.stderr.contains("control socket \(path): the process serving it does not answer"), persist.stderr)
        XCTAssertTrue(persist.stderr.contains("end that process or remove the socket"), persist.stderr)

        let plain = try home.run(["exec", "web", "--", "echo x"])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertEqual(plain.stdout, "x\n")
    }

    /// Issue 42 row 9: a runtime directory so long that the socket's path does not fit a unix
    /// socket's address. Plain commands connect on their own; `--persist` fails with the path,
    /// the reason and what to do, and starts no holder.
    func testASocketPathTooLongFailsOnlyPersistAndSaysWhatToDo() throws {
        let server = try startSSHD()
        try home.addRigHosts("web", on: server)
        var long = runtime.path
        while long.utf8.count < 98 { long += "/" + String(repeating: "r", count: min(40, 98 - long.utf8.count - 1)) }
        XCTAssertEqual(long.utf8.count, 98)
        try FileManager.default.createDirectory(atPath: long, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let environment = ["XDG_RUNTIME_DIR": long]

        let plain = try home.run(["exec", "web", "--accept-new", "--", "echo hi"], environment: environment)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertEqual(plain.stdout, "hi\n")
        XCTAssertFalse(plain.stderr.contains("control socket"), plain.stderr)

        let persist = try home.run(["exec", "web", "--persist", "1m", "--", "echo hi"], environment: environment)
        XCTAssertEqual(persist.status, 1, persist.stderr)
        XCTAssertEqual(persist.stdout, "")
        XCTAssertTrue(persist.stderr.contains("control socket \(long)/termind/"), persist.stderr)
        XCTAssertTrue(persist.stderr.contains("longer than a unix socket's 107"), persist.stderr)
        XCTAssertTrue(persist.stderr.contains("set XDG_RUNTIME_DIR to a shorter directory"), persist.stderr)
        XCTAssertEqual(Self.processes(withEnvironment: "XDG_RUNTIME_DIR=" + long), [], "no holder")
        XCTAssertEqual(Self.count("Accepted publickey", in: server.log()), 1, "nothing authenticated for the socket that cannot be")
    }

    func testAStaleSocketIsRemovedAndTheCommandConnectsItself() throws {
        let server = try persistedWeb()
        let path = try socketPath()
        let pid = try python("print(struct.unpack('3i', s.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12))[0])")
        let holder = try XCTUnwrap(pid_t(pid.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), pid.stderr)
        XCTAssertEqual(kill(holder, SIGKILL), 0)
        XCTAssertTrue(waitUntil(timeout: 5) { kill(holder, 0) != 0 })
        XCTAssertTrue(FileManager.default.fileExists(atPath: path), "the killed holder left its socket")
        let result = try home.run(["exec", "web", "--", "echo fresh"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "fresh\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "the stale socket is removed")
        XCTAssertTrue(waitUntil(timeout: 10) { self.logins(server) == 2 }, server.log())
    }

    func testMalformedFramesCloseThatClientAndTheHolderKeepsServing() throws {
        let server = try persistedWeb()
        let attacks = [
            "s.sendall(os.urandom(4096))",
            "s.sendall(bytes([0x20]) + struct.pack('>I', 0xFFFFFFF0))",
            "s.sendall(bytes([0x20]) + struct.pack('>I', 10) + b'abc'); s.shutdown(socket.SHUT_WR)",
            "s.sendall(bytes([0x21]) + struct.pack('>I', 4) + struct.pack('>I', 0x7FFFFFFF))",
            "s.sendall(bytes([0x99, 0, 0, 0, 0]))",
        ]
        for attack in attacks {
            let result = try python("s.settimeout(15)\n" + attack + "\nwhile s.recv(65536): pass\nprint('closed')")
            XCTAssertEqual(result.stdout, "closed\n", "\(attack): \(result.stderr)")
        }
        let after = try home.run(["exec", "web", "--", "echo still"])
        XCTAssertEqual(after.status, 0, after.stderr)
        XCTAssertEqual(after.stdout, "still\n")
        XCTAssertTrue(server.waitUntilEverySessionsLoginIsLogged(), server.log())
        XCTAssertEqual(logins(server), 1, server.log())
    }

    func testExecThroughARunningWorkbenchMakesNoSecondLogin() throws {
        let server = try startSSHD()
        try home.addRigHosts("web", on: server)
        let session = try TmuxSession(command: [try TermindBinary.path(), "connect", "web"], environment: home.terminalEnvironment)
        defer { session.kill() }
        XCTAssertTrue(session.waitForScreen(containing: "Unknown host key"), session.screen())
        session.keys("s")  // Trust and save: a key trusted once would not be shared
        XCTAssertTrue(session.waitForScreen(containing: "~$"), session.screen())
        XCTAssertTrue(waitUntil(timeout: 10) { (try? self.socketPath()) != nil })
        let result = try home.run(["exec", "web", "--", "echo through the workbench"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "through the workbench\n")
        XCTAssertTrue(server.waitUntilEverySessionsLoginIsLogged(), server.log())
        XCTAssertEqual(logins(server), 1, server.log())
    }

    func testTheHostKeyIsCheckedHereAndAKeyNoLongerTrustedOrChangedIsRefused() throws {
        let server = try persistedWeb()
        let pattern = "[\(server.host)]:\(server.port)"
        try home.succeed(["known-hosts", "rm", pattern])
        let unknown = try home.run(["exec", "web", "--batch", "--", "true"])
        XCTAssertEqual(unknown.status, 255, unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("host-key-not-accepted"), unknown.stderr)

        // Another key of the type the server offers: a changed key.
        let keys = try TemporaryDirectory(prefix: "termind-control-keys")
        _ = try ChildProcess.run("ssh-keygen", ["-q", "-t", "ecdsa", "-b", "256", "-N", "", "-f", keys.path + "/other"])
        let other = try String(contentsOfFile: keys.path + "/other.pub", encoding: .utf8).split(separator: " ")
        XCTAssertTrue(unknown.stderr.contains(String(other[0])), "the server offers \(other[0]): \(unknown.stderr)")
        try home.succeed(["known-hosts", "add", pattern, String(other[0]), String(other[1])])
        let changed = try home.run(["exec", "web", "--", "true"])
        XCTAssertEqual(changed.status, 255, changed.stderr)
        XCTAssertTrue(changed.stderr.contains("CHANGED"), changed.stderr)
        XCTAssertTrue(server.waitUntilEverySessionsLoginIsLogged(), server.log())
        XCTAssertEqual(logins(server), 1, "refused without connecting: \(server.log())")
    }

    func testAWorkbenchConnectionWhoseKeyWasTrustedOnlyOnceIsNotShared() throws {
        let server = try startSSHD()
        try home.addRigHosts("web", on: server)
        let session = try TmuxSession(command: [try TermindBinary.path(), "connect", "web"], environment: home.terminalEnvironment)
        defer { session.kill() }
        XCTAssertTrue(session.waitForScreen(containing: "Unknown host key"), session.screen())
        session.keys("o")  // Trust once
        XCTAssertTrue(session.waitForScreen(containing: "~$"), session.screen())
        XCTAssertTrue(waitUntil(timeout: 10) {
            ((try? String(contentsOfFile: self.home.logPath, encoding: .utf8)) ?? "").contains("its host key was trusted only once")
        }, "the workbench decided not to share")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: socketDirectory)) ?? []
        XCTAssertEqual(names.filter { $0.hasSuffix(".sock") }, [], "no socket for a key trusted once")
    }
}
