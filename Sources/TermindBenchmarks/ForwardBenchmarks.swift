import Foundation
import TermindTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A local forward (`termind forward -L`) against `ssh -N -L` to the same loopback target
/// through the same sshd (issue 16, point 8): 1 GiB read through the forward (wall time, and
/// the forwarding process's CPU and context switches per GiB), then 100 sequential
/// connections (connect, one request and its answer, close; median latency). The target is a
/// small server in this process: a client sends an 8-byte big-endian count, it writes that
/// many bytes and closes. `ssh` runs twice: with its defaults, and with the cipher and MAC
/// libssh2 1.10 negotiates (aes128-ctr, hmac-sha2-256), to tell the crypto's share from the
/// forwarding's. The goal for the 1 GiB ratio is 1.3x or less.
struct ForwardBenchmarks {
    static let gibibyte = 1 << 30
    static let connections = 100
    static let runs = 3

    let sshd: SSHDServer
    /// A home whose Vault already trusts the sshd's host key.
    let home: TemporaryDirectory

    func run() throws {
        let target = try SourceServer()
        let ours = try TermindBinary.start(
            ["forward", "--batch", "-i", sshd.clientPrivateKeyPath, "\(sshd.username)@\(sshd.host):\(sshd.port)",
             "-L", "127.0.0.1:0:127.0.0.1:\(target.port)"], home: home)
        var children = [ours]
        // Foundation reaps one child at a time, blocking on a live one: every child is sent
        // SIGTERM before any is waited for.
        defer {
            for child in children { child.signal(SIGTERM) }
            for child in children { child.stop() }
        }
        let line = try ours.waitForLine { $0.hasPrefix("-") }
        guard let ourPort = line.split(separator: " ").dropFirst().first.flatMap({ Int($0.split(separator: ":").last ?? "") }) else {
            fatalError("termind forward printed no listener: \(line)")
        }
        let (ssh, sshPort) = try startSSH(to: target.port, options: [])
        children.append(ssh)
        let (sshCTR, sshCTRPort) = try startSSH(to: target.port, options: ["-c", "aes128-ctr", "-m", "hmac-sha2-256"])
        children.append(sshCTR)
        let sides = [
            ("termind forward -L", ours.processIdentifier, ourPort),
            ("ssh -N -L", ssh.processIdentifier, sshPort),
            ("ssh -N -L aes128-ctr", sshCTR.processIdentifier, sshCTRPort),
        ]

        say("\n1 GiB through a local forward to a loopback source (median of \(Self.runs); CPU and context switches of the forwarding process)")
        for (name, _, port) in sides {
            // Warm up; a side that cannot carry it is named.
            do { _ = try Self.download(Self.gibibyte / 4, through: port) } catch { fatalError("\(name): \(error)") }
        }
        var bulk: [String: (wall: Double, cpu: Double, switches: Double)] = [:]
        for (name, pid, port) in sides {
            var samples: [(wall: Double, cpu: Double, switches: Double)] = []
            for _ in 0..<Self.runs {
                guard ssh.isRunning, sshCTR.isRunning, ours.isRunning else { fatalError("a forwarding process ended") }
                let before = Self.usage(of: pid)
                let wall = try Self.download(Self.gibibyte, through: port)
                let after = Self.usage(of: pid)
                samples.append((wall, after.cpu - before.cpu, after.switches - before.switches))
            }
            let median = samples.sorted { $0.wall < $1.wall }[samples.count / 2]
            bulk[name] = median
            say(name.padding(toLength: 22, withPad: " ", startingAt: 0) + " " + formatSeconds(median.wall)
                + String(format: "  %6.0f MB/s  CPU %5.2f s/GiB  %8.0f context switches/GiB",
                         Double(Self.gibibyte) / median.wall / 1e6, median.cpu, median.switches))
        }
        for peer in ["ssh -N -L", "ssh -N -L aes128-ctr"] {
            let ours = bulk["termind forward -L"]!, theirs = bulk[peer]!
            BenchmarkReport.shared.add(
                "forward 1 GiB", termind: trimmed(formatSeconds(ours.wall)), peer: trimmed(formatSeconds(theirs.wall)), peerTool: peer,
                ratio: ours.wall / theirs.wall, cpu: String(format: "%.2f / %.2f s/GiB", ours.cpu, theirs.cpu))
        }
        say(String(format: "ratio (1 GiB)          %5.2fx against ssh's defaults, %5.2fx against aes128-ctr (goal: 1.30x or less)",
                     bulk["termind forward -L"]!.wall / bulk["ssh -N -L"]!.wall,
                     bulk["termind forward -L"]!.wall / bulk["ssh -N -L aes128-ctr"]!.wall))

        say("\n\(Self.connections) sequential connections through the forward (connect, 64-byte request/answer, close)")
        var latency: [String: Double] = [:]
        for (name, _, port) in sides {
            _ = try Self.exchange(through: port)  // warm up
            var times: [Double] = []
            for index in 0..<Self.connections {
                do { times.append(try Self.exchange(through: port)) } catch { fatalError("\(name), connection \(index): \(error)") }
            }
            times.sort()
            latency[name] = times[times.count / 2]
            say(name.padding(toLength: 22, withPad: " ", startingAt: 0) + " median " + formatSeconds(times[times.count / 2])
                + "  p90 " + formatSeconds(times[times.count * 9 / 10]))
        }
        for peer in ["ssh -N -L", "ssh -N -L aes128-ctr"] {
            BenchmarkReport.shared.add(
                "a connection through a forward", termind: trimmed(formatSeconds(latency["termind forward -L"]!)),
                peer: trimmed(formatSeconds(latency[peer]!)), peerTool: peer, ratio: latency["termind forward -L"]! / latency[peer]!)
        }
        say(String(format: "ratio (latency)        %5.2fx against ssh's defaults, %5.2fx against aes128-ctr (above 1.00x: termind is slower)",
                     latency["termind forward -L"]! / latency["ssh -N -L"]!, latency["termind forward -L"]! / latency["ssh -N -L aes128-ctr"]!))
    }

    /// `ssh -N -L` on a free port to the target; returns once its port accepts.
    private func startSSH(to targetPort: Int, options: [String]) throws -> (ChildProcess, Int) {
        let port = try Self.freePort()
        let child = try ChildProcess("ssh", options + [
            "-N", "-o", "ExitOnForwardFailure=yes", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no",
            "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "-i", sshd.clientPrivateKeyPath,
            "-p", String(sshd.port), "-L", "127.0.0.1:\(port):127.0.0.1:\(targetPort)", "\(sshd.username)@\(sshd.host)",
        ])
        for _ in 0..<200 {
            if !child.isRunning {
                let exit = child.waitForExit(within: 1)
                fatalError("ssh -N -L \(options) ended: \(exit?.status ?? -1) \(exit?.stderr ?? "")")
            }
            if let socket = try? TCPSocket.connect(port: port) {
                socket.close()
                return (child, port)
            }
            usleep(50_000)
        }
        fatalError("ssh -N -L never listened on \(port)")
    }

    private static func freePort() throws -> Int {
        let listener = try TCPSocket.listen(port: 0)
        defer { listener.close() }
        return listener.port
    }

    /// Asks the source for `count` bytes through the forward on `port` and reads them all;
    /// the wall time in seconds.
    static func download(_ count: Int, through port: Int) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        let socket = try TCPSocket.connect(port: port)
        defer { socket.close() }
        try socket.write(request(count))
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var received = 0
        while true {
            let got = buffer.withUnsafeMutableBytes { recv(socket.descriptor, $0.baseAddress, $0.count, 0) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            received += got
        }
        precondition(received == count, "received \(received) of \(count) bytes through port \(port)")
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// One connection: connect, a 64-byte answer asked and read, close; seconds.
    static func exchange(through port: Int) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        let socket = try TCPSocket.connect(port: port)
        try socket.write(request(64))
        _ = try socket.read(count: 64)
        socket.close()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    private static func request(_ count: Int) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: UInt64(count) >> (56 - 8 * $0)) }
    }

    /// CPU seconds (all threads, from /proc/PID/stat) and context switches (summed over
    /// /proc/PID/task/*/status) of a running process.
    static func usage(of pid: Int32) -> (cpu: Double, switches: Double) {
        var cpu = 0.0
        if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") {
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            // After "pid (comm)": state is field 3, utime 14 and stime 15.
            if fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) {
                cpu = (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
            }
        }
        var switches = 0.0
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        for task in tasks {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8) else { continue }
            for line in status.split(separator: "\n") where line.contains("ctxt_switches:") {
                switches += Double(line.split(separator: "\t").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0
            }
        }
        return (cpu, switches)
    }
}

/// The benchmark's loopback target: each connection sends an 8-byte big-endian count and is
/// answered with that many bytes, then closed. One thread per connection.
final class SourceServer: @unchecked Sendable {
    let port: Int
    private let listener: TCPSocket

    init() throws {
        listener = try TCPSocket.listen(port: 0)
        port = listener.port
        let descriptor = listener.descriptor
        Thread.detachNewThread {
            while true {
                let client = accept(descriptor, nil, nil)
                guard client >= 0 else {
                    if errno == EINTR { continue }
                    return
                }
                Thread.detachNewThread { SourceServer.serve(client) }
            }
        }
    }

    private static func serve(_ client: Int32) {
        defer { close(client) }
        var header = [UInt8](repeating: 0, count: 8)
        var have = 0
        while have < 8 {
            let got = header.withUnsafeMutableBytes { recv(client, $0.baseAddress! + have, 8 - have, 0) }
            guard got > 0 else { return }
            have += got
        }
        var left = header.reduce(0) { $0 << 8 | Int($1) }
        let chunk = [UInt8](repeating: 0x5A, count: 1 << 20)
        while left > 0 {
            let sent = chunk.withUnsafeBytes { send(client, $0.baseAddress, min(left, $0.count), Int32(MSG_NOSIGNAL)) }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return }
            left -= sent
        }
        shutdown(client, Int32(SHUT_WR))
        // Wait for the client's close, so the forward sees EOF first from this side.
        var sink = [UInt8](repeating: 0, count: 64)
        while recv(client, &sink, sink.count, 0) > 0 {}
    }
}

/// Prints a line at once (stdout to a file is block-buffered; these runs take minutes).
private func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
