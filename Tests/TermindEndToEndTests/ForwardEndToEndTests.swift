import Foundation
import TermindTestSupport
import XCTest

/// `termind forward` through the built binary against a real OpenSSH sshd and real loopback
/// servers (Python's HTTP server, an echo server): local, remote and SOCKS forwards, many
/// connections at once, a refused target, a port in use, and the end on SIGTERM.
final class ForwardEndToEndTests: XCTestCase {
    private var server: SSHDServer!
    private var home: VaultHome!
    private var site: TemporaryDirectory!
    private var children: [ChildProcess] = []

    override func setUpWithError() throws {
        server = try startSSHD(configure: "MaxStartups 100\nMaxSessions 200\n")
        home = try VaultHome()
        site = try TemporaryDirectory(prefix: "termind-forward-site")
        _ = try site.write("hello through the tunnel\n", to: "page.txt", mode: 0o644)
    }

    override func tearDown() {
        for child in children { child.stop() }
        children = []
        server?.stop()
        server = nil
        home = nil
        site = nil
    }

    private var target: String { "\(server.username)@\(server.host):\(server.port)" }
    private var connectOptions: [String] { ["--batch", "--accept-new", "-i", server.clientPrivateKeyPath] }

    /// Python's HTTP server on a free loopback port, serving `site`; returns its port.
    private func startHTTPServer() throws -> Int {
        let child = try ChildProcess("python3", ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", site.path])
        children.append(child)
        let line = try child.waitForLine { $0.contains("Serving HTTP") }
        return try XCTUnwrap(Int(line.components(separatedBy: " port ").last?.components(separatedBy: " ").first ?? ""), line)
    }

    /// The echo server the forwards lead to; returns its port.
    private func startEchoServer() throws -> Int {
        let server = try LoopbackEchoServer.start()
        children.append(server.process)
        return server.port
    }

    /// Starts `termind forward` with `rules`; returns it and the ports of its listeners, in
    /// order, read from the lines it prints. With `limits` (`ulimit` options), it runs under
    /// `sh -c 'ulimit LIMITS && exec termind ...'`: the same process, with those limits.
    private func startForward(_ rules: [String], expecting count: Int, limits: String? = nil) throws -> (ChildProcess, [Int]) {
        let arguments = ["forward"] + connectOptions + [target] + rules
        let child: ChildProcess
        if let limits {
            let environment = ProcessInfo.processInfo.environment.merging(home.terminalEnvironment) { $1 }
            child = try ChildProcess("sh", ["-c", "ulimit \(limits) && exec \"$0\" \"$@\"", try TermindBinary.path()] + arguments,
                                     environment: environment)
        } else {
            child = try home.start(arguments)
        }
        children.append(child)
        var ports: [Int] = []
        for _ in 0..<count {
            let line: String
            do {
                line = try child.waitForLine { $0.hasPrefix("-") }
            } catch {
                let exit = child.waitForExit(within: 5)
                throw TestRigError("forward printed no listener line: \(error); exit \(exit?.status ?? -1): \(exit?.stderr ?? ""); sshd: \((try? String(contentsOfFile: server.logPath, encoding: .utf8)) ?? "")")
            }
            let endpoint = try XCTUnwrap(line.split(separator: " ").dropFirst().first, line)
            ports.append(try XCTUnwrap(Int(endpoint.split(separator: ":").last ?? ""), line))
        }
        return (child, ports)
    }

    private func curl(_ arguments: [String]) throws -> ChildProcess.Output {
        try ChildProcess.run("curl", ["-sS", "--max-time", "20"] + arguments)
    }

    /// A loopback port nobody listens on.
    private func closedPort() throws -> Int {
        let output = try ChildProcess.run("python3", ["-c", "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"])
        return try XCTUnwrap(Int(output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    /// Whether something accepts connections on `port` of loopback.
    private func isListening(_ port: Int) throws -> Bool {
        let output = try ChildProcess.run("python3", ["-c", """
            import socket, sys
            try:
                socket.create_connection(('127.0.0.1', \(port)), timeout=2); print('open')
            except OSError:
                print('closed')
            """])
        return output.stdout.contains("open")
    }

    func testLocalForwardCarriesAnHTTPRequestAndSIGTERMExitsZeroAndFreesThePort() throws {
        let http = try startHTTPServer()
        let (forward, ports) = try startForward(["-L", "127.0.0.1:0:127.0.0.1:\(http)"], expecting: 1)
        let page = try curl(["http://127.0.0.1:\(ports[0])/page.txt"])
        XCTAssertEqual(page.stdout, "hello through the tunnel\n", page.stderr)

        forward.signal(SIGTERM)
        let exit = try XCTUnwrap(forward.waitForExit(within: 10), "forward did not end on SIGTERM")
        XCTAssertEqual(exit.status, 0, exit.stderr)
        XCTAssertFalse(try isListening(ports[0]), "the listener's port is free after SIGTERM")
    }

    func testRemoteForwardCarriesAnHTTPRequestBackToThisSide() throws {
        let http = try startHTTPServer()
        let (forward, ports) = try startForward(["-R", "127.0.0.1:0:127.0.0.1:\(http)"], expecting: 1)
        XCTAssertNotEqual(ports[0], 0, "the server's chosen port is printed")
        // The server runs on this machine: its listener is on this loopback.
        let page = try curl(["http://127.0.0.1:\(ports[0])/page.txt"])
        XCTAssertEqual(page.stdout, "hello through the tunnel\n", page.stderr)

        forward.signal(SIGINT)
        XCTAssertEqual(forward.waitForExit(within: 10)?.status, 0)
        var open = true
        _ = waitUntil(timeout: 5, every: 0.1) {
            open = (try? isListening(ports[0])) ?? true
            return !open
        }
        XCTAssertFalse(open, "the server stops listening once the connection ends")
    }

    func testSOCKS5AndSOCKS4aLetTheServerResolveNamesAndARefusedTargetGetsItsReplyCode() throws {
        let http = try startHTTPServer()
        let (forward, ports) = try startForward(["-D", "127.0.0.1:0"], expecting: 1)
        let socks = "127.0.0.1:\(ports[0])"
        // "localhost" is resolved by the server, not here.
        let five = try curl(["--socks5-hostname", socks, "http://localhost:\(http)/page.txt"])
        XCTAssertEqual(five.stdout, "hello through the tunnel\n", five.stderr)
        let fourA = try curl(["--socks4a", socks, "http://localhost:\(http)/page.txt"])
        XCTAssertEqual(fourA.stdout, "hello through the tunnel\n", fourA.stderr)

        let refused = try curl(["--socks5-hostname", socks, "http://127.0.0.1:\(try closedPort())/"])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.stderr.contains("(5)"), "SOCKS5 reply 5, connection refused: \(refused.stderr)")
        let unknown = try curl(["--socks5-hostname", socks, "http://no-such-host.invalid/"])
        XCTAssertNotEqual(unknown.status, 0, unknown.stdout)

        // The forward is still up.
        let again = try curl(["--socks5-hostname", socks, "http://localhost:\(http)/page.txt"])
        XCTAssertEqual(again.stdout, "hello through the tunnel\n", again.stderr)
        XCTAssertTrue(forward.isRunning)
    }

    func testHostileSOCKSClientsAreClosedAndTheForwardKeepsServing() throws {
        let http = try startHTTPServer()
        let (forward, ports) = try startForward(["-D", "127.0.0.1:0"], expecting: 1)
        // Each payload: the connection must end (closed by termind) within the timeout.
        let script = """
            import socket, sys
            port = int(sys.argv[1])
            payloads = {
                'not socks': b'GET / HTTP/1.0\\r\\n\\r\\n',
                'no methods': b'\\x05\\x00',
                'only auth methods': b'\\x05\\x02\\x01\\x02',
                'bind command': b'\\x05\\x01\\x00' + b'\\x05\\x02\\x00\\x01\\x7f\\x00\\x00\\x01\\x00\\x50',
                'unknown address type': b'\\x05\\x01\\x00' + b'\\x05\\x01\\x00\\x09\\x00\\x00',
                'empty name': b'\\x05\\x01\\x00' + b'\\x05\\x01\\x00\\x03\\x00\\x00\\x50',
                'control bytes in name': b'\\x05\\x01\\x00' + b'\\x05\\x01\\x00\\x03\\x04\\x1b[2J\\x00\\x50',
                'endless socks4 user id': b'\\x04\\x01\\x00\\x50\\x7f\\x00\\x00\\x01' + b'A' * 100000,
                'huge greeting': b'\\x05\\xff' + b'\\x01' * 255 + b'\\x05' * 100000,
                'half a greeting, then silence': b'\\x05\\x02',
            }
            for name, payload in payloads.items():
                c = socket.create_connection(('127.0.0.1', port), timeout=20)
                try:
                    c.sendall(payload)
                except OSError:
                    pass
                try:
                    while c.recv(65536):
                        pass
                    print(name, 'closed')
                except socket.timeout:
                    print(name, 'left open')
                except OSError:
                    print(name, 'closed')
                c.close()
            """
        let output = try ChildProcess.run("python3", ["-c", script, String(ports[0])])
        let lines = output.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 10, output.stdout + output.stderr)
        for line in lines { XCTAssertTrue(line.hasSuffix("closed"), String(line)) }
        XCTAssertTrue(forward.isRunning, "hostile clients do not end the forward")
        let page = try curl(["--socks5-hostname", "127.0.0.1:\(ports[0])", "http://localhost:\(http)/page.txt"])
        XCTAssertEqual(page.stdout, "hello through the tunnel\n", page.stderr)
    }

    func testAHundredConcurrentConnectionsThroughOneForwardEachGetTheirOwnBytesBack() throws {
        let echo = try startEchoServer()
        let (_, ports) = try startForward(["-L", "127.0.0.1:0:127.0.0.1:\(echo)"], expecting: 1)
        let script = """
            import socket, threading, sys, os
            port, count, size = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
            good, errors, lock = [0], [], threading.Lock()
            def one(i):
                try:
                    data = os.urandom(size)
                    c = socket.create_connection(('127.0.0.1', port), timeout=60)
                    def send():
                        c.sendall(data); c.shutdown(socket.SHUT_WR)
                    sender = threading.Thread(target=send); sender.start()
                    got = bytearray()
                    while True:
                        d = c.recv(65536)
                        if not d: break
                        got += d
                    sender.join(); c.close()
                    with lock:
                        if bytes(got) == data: good[0] += 1
                        else: errors.append('%d: %d of %d bytes' % (i, len(got), size))
                except Exception as e:
                    with lock: errors.append('%d: %s' % (i, e))
            threads = [threading.Thread(target=one, args=(i,)) for i in range(count)]
            for t in threads: t.start()
            for t in threads: t.join()
            print(good[0]); print('\\n'.join(errors[:5]), file=sys.stderr)
            """
        let output = try ChildProcess.run("python3", ["-c", script, String(ports[0]), "100", String(256 * 1024)])
        XCTAssertEqual(output.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "100", output.stderr)
    }

    func testARemoteForwardTakesEveryConnectionOfThreeBurstsOfThreeHundredAtOnce() throws {
        let echo = try LoopbackEchoServer.start(backlog: 1_024)
        children.append(echo.process)
        let (forward, ports) = try startForward(["-R", "127.0.0.1:0:127.0.0.1:\(echo.port)"], expecting: 1)
        // Each burst: 300 threads connect to the server's port at once (a barrier), send a line and
        // read it back; the sockets stay open until the whole burst is done. sshd's listen backlog
        // is 128: a connection past it retries its SYN, so every one gets through, later.
        let script = """
            import socket, threading, sys
            port, count = int(sys.argv[1]), int(sys.argv[2])
            for burst in range(3):
                start = threading.Barrier(count)
                good, errors, sockets, lock = [0], [], [], threading.Lock()
                def one(i):
                    line = b'burst %d connection %d\\n' % (burst, i)
                    try:
                        c = socket.socket()
                        with lock: sockets.append(c)
                        c.settimeout(90)
                        start.wait()
                        c.connect(('127.0.0.1', port))
                        c.sendall(line)
                        got = b''
                        while not got.endswith(b'\\n'):
                            d = c.recv(4096)
                            if not d: break
                            got += d
                        with lock:
                            if got == line: good[0] += 1
                            else: errors.append('%d: got %r' % (i, got))
                    except Exception as e:
                        with lock: errors.append('%d: %r' % (i, e))
                threads = [threading.Thread(target=one, args=(i,)) for i in range(count)]
                for t in threads: t.start()
                for t in threads: t.join()
                for c in sockets: c.close()
                print(good[0], flush=True)
                if errors: print('burst %d:' % burst, errors[:5], file=sys.stderr, flush=True)
            """
        let output = try ChildProcess.run("python3", ["-c", script, String(ports[0]), "300"])
        let sshdLog = (try? String(contentsOfFile: server.logPath, encoding: .utf8)) ?? ""
        XCTAssertEqual(output.stdout.split(separator: "\n"), ["300", "300", "300"],
                       "every connection of every burst echoes: \(output.stderr)")
        XCTAssertFalse(sshdLog.contains("resource shortage"), "no forwarded channel was refused")
        XCTAssertTrue(forward.isRunning)
    }

    /// `/proc/PID/limits`' soft and hard limits on open files.
    private func descriptorLimits(of process: ChildProcess) throws -> (soft: Int, hard: Int) {
        let limits = try String(contentsOfFile: "/proc/\(process.processIdentifier)/limits", encoding: .utf8)
        let line = try XCTUnwrap(limits.split(separator: "\n").first { $0.hasPrefix("Max open files") }, limits)
        let figures = line.dropFirst("Max open files".count).split(separator: " ").compactMap { Int($0) }
        guard figures.count >= 2 else { throw TestRigError("no limits in \(line)") }
        return (figures[0], figures[1])
    }

    /// User and system CPU time the process has used (`/proc/PID/stat`), in seconds.
    private func cpuSeconds(of process: ChildProcess) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)
        // The fields after the name, which ends at the last ')': state is field 3, utime 14, stime 15.
        let fields = stat[stat.range(of: ")", options: .backwards)!.upperBound...].split(separator: " ")
        let ticks = try XCTUnwrap(Int(fields[11])) + XCTUnwrap(Int(fields[12]))
        return Double(ticks) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The log's lines that say the process ran out of descriptors.
    private func descriptorLines() -> [Substring] {
        let log = (try? String(contentsOfFile: home.logPath, encoding: .utf8)) ?? ""
        return log.split(separator: "\n").filter { $0.localizedCaseInsensitiveContains("Too many open files") }
    }

    func testOutOfDescriptorsTheForwardPausesLogsOnceASecondCountsAndServesAgainOnceConnectionsClose() throws {
        let echo = try startEchoServer()
        let started = Date()
        let (forward, ports) = try startForward(["-L", "127.0.0.1:0:127.0.0.1:\(echo)"], expecting: 1, limits: "-n 64")
        XCTAssertEqual(try descriptorLimits(of: forward).hard, 64, "both limits are 64: raising the soft one changes nothing")

        // 100 idle connections: about 50 fit in 64 descriptors, the rest wait in the backlog.
        let clients = try ChildProcess("python3", ["-u", "-c", """
            import socket, signal, sys
            signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGUSR1])
            held = [socket.create_connection(('127.0.0.1', int(sys.argv[1])), timeout=20) for _ in range(100)]
            print('opened', flush=True)
            signal.sigwait([signal.SIGUSR1])
            for c in held: c.close()
            print('closed', flush=True)
            """, String(ports[0])])
        children.append(clients)
        _ = try clients.waitForLine { $0 == "opened" }

        // The window: from the first line about running out to the third (a second at least, so
        // the CPU time is measured over some ticks).
        XCTAssertTrue(waitUntil(timeout: 30) { !descriptorLines().isEmpty }, "the forward ran out of descriptors")
        let firstCPU = try cpuSeconds(of: forward), first = Date()
        XCTAssertTrue(waitUntil(timeout: 30) { descriptorLines().count >= 3 && Date().timeIntervalSince(first) >= 1 },
                      "the forward keeps saying it is out")
        let lastCPU = try cpuSeconds(of: forward), last = Date()
        let lines = descriptorLines().count
        XCTAssertLessThanOrEqual(lines, Int(Date().timeIntervalSince(started)) + 1,
                                 "at most one line a second: \(descriptorLines().suffix(3))")
        XCTAssertLessThan(lastCPU - firstCPU, 0.3 * last.timeIntervalSince(first),
                          "idle connections in the backlog do not spin the forward")

        // Once the connections close, new ones are accepted and carried.
        clients.signal(SIGUSR1)
        _ = try clients.waitForLine { $0 == "closed" }
        let echoed = try ChildProcess.run("python3", ["-c", """
            import socket, sys
            c = socket.create_connection(('127.0.0.1', int(sys.argv[1])), timeout=30)
            c.sendall(b'after the shortage\\n')
            got = b''
            while not got.endswith(b'\\n'):
                d = c.recv(4096)
                if not d: break
                got += d
            print(got.decode(), end='')
            """, String(ports[0])])
        XCTAssertEqual(echoed.stdout, "after the shortage\n", echoed.stderr)

        forward.signal(SIGTERM)
        let exit = try XCTUnwrap(forward.waitForExit(within: 10))
        XCTAssertEqual(exit.status, 0, exit.stderr)
        XCTAssertTrue(exit.stderr.contains("-L 127.0.0.1:\(ports[0]): out of file descriptors"), "forward says so: \(exit.stderr)")
    }

    func testForwardRaisesItsSoftDescriptorLimitToTheHardOne() throws {
        let (forward, _) = try startForward(["-D", "127.0.0.1:0"], expecting: 1, limits: "-Sn 64")
        let limits = try descriptorLimits(of: forward)
        XCTAssertGreaterThan(limits.hard, 64, "the rig's hard limit leaves room to raise")
        XCTAssertEqual(limits.soft, limits.hard, "forward raised its soft limit to the hard one")
    }

    func testALocalTargetThatRefusesEndsOnlyThatConnection() throws {
        let http = try startHTTPServer()
        let (forward, ports) = try startForward(
            ["-L", "127.0.0.1:0:127.0.0.1:\(try closedPort())", "-L", "127.0.0.1:0:127.0.0.1:\(http)"], expecting: 2)
        let refused = try curl(["http://127.0.0.1:\(ports[0])/"])
        XCTAssertNotEqual(refused.status, 0, "the client sees its connection end")
        let page = try curl(["http://127.0.0.1:\(ports[1])/page.txt"])
        XCTAssertEqual(page.stdout, "hello through the tunnel\n", page.stderr)
        XCTAssertTrue(forward.isRunning)
    }

    func testAPortInUseIsNamedTheOtherRulesKeepRunningAndTheExitIsOne() throws {
        let http = try startHTTPServer()
        let (forward, ports) = try startForward(
            ["-L", "127.0.0.1:\(http):127.0.0.1:\(http)", "-L", "127.0.0.1:0:127.0.0.1:\(http)"], expecting: 1)
        let page = try curl(["http://127.0.0.1:\(ports[0])/page.txt"])
        XCTAssertEqual(page.stdout, "hello through the tunnel\n", page.stderr)
        forward.signal(SIGTERM)
        let exit = try XCTUnwrap(forward.waitForExit(within: 10))
        XCTAssertEqual(exit.status, 1, "a rule that could not listen makes the exit 1")
        XCTAssertTrue(exit.stderr.contains("port \(http) is already in use"), exit.stderr)

        let alone = try home.run(["forward"] + connectOptions + [target, "-L", "127.0.0.1:\(http):127.0.0.1:80"])
        XCTAssertEqual(alone.status, 1, alone.stderr)
        XCTAssertTrue(alone.stderr.contains("127.0.0.1:\(http): port \(http) is already in use"), alone.stderr)
    }

    func testALostConnectionEndsTheForwardWithTheConnectionStatus() throws {
        let (forward, _) = try startForward(["-D", "127.0.0.1:0"], expecting: 1)
        // The session's own sshd processes outlive the listening one: kill every process
        // holding this server's established connections until none is left.
        server.stop()
        let killed = try server.killEstablishedSessions()
        XCTAssertFalse(killed.isEmpty, "the session's sshd processes were found")
        let exit = try XCTUnwrap(forward.waitForExit(within: 30), "forward noticed the server is gone (killed \(killed))")
        XCTAssertEqual(exit.status, 7, exit.stderr)
        XCTAssertTrue(exit.stderr.contains("termind: connection:"), exit.stderr)
    }

    func testJSONPrintsOneObjectPerListenerAndBadRulesAreUsageErrors() throws {
        let child = try home.start(["forward", "--json"] + connectOptions + [target, "-L", "0:localhost:80", "-D", "0"])
        children.append(child)
        let first = try child.waitForLine { $0.hasPrefix("{") }
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        XCTAssertEqual(object["kind"] as? String, "local")
        XCTAssertEqual(object["address"] as? String, "127.0.0.1", "loopback unless an address is given")
        XCTAssertEqual(object["target"] as? String, "localhost:80")
        XCTAssertNotEqual(object["port"] as? Int ?? 0, 0)
        let second = try child.waitForLine { $0.hasPrefix("{") }
        XCTAssertTrue(second.contains("\"kind\":\"dynamic\""), second)

        for rule in [["-L", "80:localhost"], ["-L", "99999:localhost:80"], ["-D", "a:b:c"], ["-R", "1:[::1:2"]] {
            let bad = try home.run(["forward"] + connectOptions + [target] + rule)
            XCTAssertEqual(bad.status, 2, "\(rule): \(bad.stderr)")
            XCTAssertTrue(bad.stderr.contains("forwarding rule"), bad.stderr)
        }
        let none = try home.run(["forward"] + connectOptions + [target])
        XCTAssertEqual(none.status, 2, none.stderr)
    }
}

/// Forwarding rules kept on a Host: `hosts edit --forward`, `hosts show`, and `forward HOST`
/// running the enabled ones.
final class HostForwardsEndToEndTests: XCTestCase {
    func testForwardWithNoRuleRunsTheHostsEnabledRules() throws {
        let server = try startSSHD()
        defer { server.stop() }
        let home = try VaultHome()
        let site = try TemporaryDirectory(prefix: "termind-forward-site")
        _ = try site.write("kept on the Host\n", to: "page.txt", mode: 0o644)
        let http = try ChildProcess("python3", ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", site.path])
        defer { http.stop() }
        let httpLine = try http.waitForLine { $0.contains("Serving HTTP") }
        let httpPort = try XCTUnwrap(httpLine.components(separatedBy: " port ").last?.components(separatedBy: " ").first)

        try home.addRigHosts("web", on: server)
        try home.succeed(["hosts", "edit", "web", "--forward", "L 127.0.0.1:0:127.0.0.1:\(httpPort)", "--forward", "D 0",
                          "--forward", "R 0:127.0.0.1:\(httpPort)"])
        try home.succeed(["hosts", "edit", "web", "--disable-forward", "D 0", "--remove-forward", "R 0:127.0.0.1:\(httpPort)"])
        let shown = try XCTUnwrap(try home.json(["hosts", "show", "web"]) as? [String: Any])
        let forwards = try XCTUnwrap(shown["forwards"] as? [[String: Any]])
        XCTAssertEqual(forwards.map { $0["rule"] as? String }, ["L 127.0.0.1:0:127.0.0.1:\(httpPort)", "D 0"])
        XCTAssertEqual(forwards.map { $0["enabled"] as? Bool }, [true, false])

        let missing = try home.run(["hosts", "edit", "web", "--remove-forward", "L 1:a:2"])
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertTrue(missing.stderr.contains("L 1:a:2"), missing.stderr)
        let malformed = try home.run(["hosts", "edit", "web", "--forward", "8080:localhost:80"])
        XCTAssertEqual(malformed.status, 2, malformed.stderr)

        let forward = try home.start(["forward", "--batch", "--accept-new", "web"])
        defer { forward.stop() }
        let line = try forward.waitForLine { $0.hasPrefix("-") }
        XCTAssertTrue(line.hasPrefix("-L 127.0.0.1:"), "only the enabled rule runs: \(line)")
        let port = try XCTUnwrap(line.split(separator: " ")[1].split(separator: ":").last)
        let page = try ChildProcess.run("curl", ["-sS", "--max-time", "20", "http://127.0.0.1:\(port)/page.txt"])
        XCTAssertEqual(page.stdout, "kept on the Host\n", page.stderr)
        forward.signal(SIGTERM)
        XCTAssertEqual(forward.waitForExit(within: 10)?.status, 0)
    }
}
