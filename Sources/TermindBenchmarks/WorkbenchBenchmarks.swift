import Foundation
import TermindTestSupport

/// The workbench against tmux 3.3a on this machine, each in a pseudo-terminal of 160×45 that a
/// Python harness (`WorkbenchHarness`) drains as fast as it can (as a fast terminal would), with
/// Termind's Navigator hidden so both panes span the width: the same remote `cat` of 64 MiB of
/// text in a Termind SSH pane and in a tmux pane running `ssh`, timed to a marker printed after
/// it, with the bytes written to the terminal per MiB of it; the bytes written for one typed
/// character and for one line scrolled; a paste of 200 KB of text arriving as keys
/// (unbracketed, in 4 KiB reads as a terminal delivers it) until the remote `head -c` has read
/// all of it; and wake-ups per second while idle (context switches of every thread: termind's
/// one process; tmux's client, server and the ssh it runs).
///
/// Then the same `cat` (32 MiB) inside an outer tmux of 160×45, as many people run it: termind
/// in the outer tmux's pane against a second tmux nested in it, each writing to a terminal that
/// reads only as fast as the outer tmux parses, with the bytes each wrote per MiB (their
/// `write(2)` bytes) and CPU seconds. And the same `cat` (32 MiB) straight into a slow terminal,
/// one that reads 50 KB a second (a terminal across a slow link), less than frames take while
/// output floods. The fast and the nested `cat` also run with `ssh` alone in the terminal, no
/// multiplexer at all: the floor a multiplexer is measured against (the goal is 2x of it).
/// `termind-bench workbench` runs only these.
struct WorkbenchBenchmarks {
    let sshd: SSHDServer
    let iterations = 3
    /// Bytes a second the slow terminal reads.
    static let slowReadRate = 50_000

    /// What one harness run measured.
    struct Run: Decodable {
        let typeBytes: Int
        let scrollBytes: Int
        let idleWakeupsPerSecond: Double
        let processes: Int
        let catSeconds: Double
        let pasteSeconds: Double
        /// Bytes the harness's terminal received during the cat (the outer tmux's, when nested).
        let catBytesReceived: Int
        /// Bytes the program under test gave `write(2)` during the cat.
        let catBytesWritten: Int
        /// CPU seconds the program under test used during the cat (tmux: client and server).
        let catCPUSeconds: Double
        let error: String?
    }

    /// The runs of one case, Termind's and tmux's, and `ssh` alone's where the case has them.
    struct Runs {
        var termind: [Run] = []
        var tmux: [Run] = []
        var sshAlone: [Run] = []

        /// The median of `value` on each side.
        func median(_ value: (Run) -> Double) -> (termind: Double, tmux: Double) {
            (Self.middle(termind, value), Self.middle(tmux, value))
        }

        /// The median of `value` over `ssh` alone's runs; nil without them.
        func sshAloneMedian(_ value: (Run) -> Double) -> Double? {
            sshAlone.isEmpty ? nil : Self.middle(sshAlone, value)
        }

        private static func middle(_ runs: [Run], _ value: (Run) -> Double) -> Double { runs.map(value).sorted()[runs.count / 2] }
    }

    /// What every case shares: the harness, the texts, and how each side is started.
    struct Setup {
        let harness: String
        let text: String
        let textBytes: Int
        /// The 32 MiB text of the slow and nested cases.
        let shortText: String
        let shortTextBytes: Int
        let termind: [String: Any]
        let tmux: [String: Any]
        /// `ssh` straight in the terminal, for the `cat` alone.
        let sshAlone: [String: Any]
        /// tmux servers to end after each run.
        let sockets: [String]
    }

    func run() throws {
        let home = try benchmarkVault(for: sshd, prefix: "termind-bench-tui-home")
        let scratch = try TemporaryDirectory(prefix: "termind-bench-tui", mode: 0o755)
        let setup = try prepare(home: home, scratch: scratch)
        let fast = try measure(setup, withSSHAlone: true) { $0 }
        let slow = try measure(setup) { spec in
            var spec = spec
            spec["command"] = "cat \(setup.shortText); echo $((123450+654327))-END"
            spec["catOnly"] = true
            spec["readRate"] = Self.slowReadRate
            return spec
        }
        // Each program in the outer tmux's pane (TMUX unset, as for a second server), which
        // alone writes to the harness's fast terminal.
        let nested = try measure(setup, withSSHAlone: true) { spec in
            var spec = spec
            let argv = (spec["argv"] as? [String]) ?? []
            spec["argv"] = ["tmux", "-L", setup.sockets[1], "-f", "/dev/null", "new-session",
                            (["env", "-u", "TMUX"] + argv).map(Self.quoted).joined(separator: " ")]
            spec["command"] = "cat \(setup.shortText); echo $((123450+654327))-END"
            spec["catOnly"] = true
            return spec
        }
        report(setup, fast: fast, slow: slow, nested: nested)
    }

    private func prepare(home: TemporaryDirectory, scratch: TemporaryDirectory) throws -> Setup {
        let text = scratch.appending("text.txt").path
        let shortText = scratch.appending("short.txt").path
        let made = try ChildProcess.run("sh", ["-c", "head -c 50331648 /dev/urandom | base64 -w 76 > '\(text)' && chmod 644 '\(text)'"
            + " && head -c 33554432 '\(text)' > '\(shortText)' && chmod 644 '\(shortText)'"])
        precondition(made.status == 0, "making the text failed: \(made.stderr)")
        let harness = try scratch.write(WorkbenchHarness.script, to: "pty_drive.py", mode: 0o644)
        func size(_ path: String) throws -> Int { (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 }

        let command = "cat \(text); echo $((123450+654327))-END"
        let environment = [
            "HOME": home.path, "XDG_DATA_HOME": home.path + "/.local/share", "XDG_CONFIG_HOME": home.path + "/.config",
            "XDG_STATE_HOME": home.path + "/.local/state", "TERM": "xterm-256color", "LANG": "C.UTF-8",
        ]
        let socket = "termind-bench-\(getpid())"
        let ssh = [
            "ssh", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
            // libssh2 1.10's cipher and MAC, so both sides pay the same for the crypto.
            "-c", "aes128-ctr", "-o", "MACs=hmac-sha2-256",
            "-i", sshd.clientPrivateKeyPath, "-p", String(sshd.port), "\(sshd.username)@\(sshd.host)",
        ]
        let termind = try TermindBinary.path()
        return Setup(
            harness: harness, text: text, textBytes: try size(text), shortText: shortText, shortTextBytes: try size(shortText),
            termind: [
                "argv": [termind, "connect", "bench"], "environment": environment, "command": command,
                "setup": "\u{1C}w\u{1C}w", "quit": "\u{1C}qy", "alsoCount": [String](), "writerArgs": [termind, "connect", "bench"],
            ],
            tmux: [
                "argv": ["tmux", "-L", socket, "-f", "/dev/null", "new-session", ssh.map(Self.quoted).joined(separator: " ")],
                "environment": environment, "command": command, "quit": "", "alsoCount": [socket, sshd.clientPrivateKeyPath],
                "writerArgs": ["-L", socket],
            ],
            sshAlone: [
                "argv": ssh, "environment": environment, "command": command, "catOnly": true, "quit": "exit\r",
                "writerArgs": Array(ssh.prefix(3)),
            ],
            sockets: [socket, "termind-bench-outer-\(getpid())"])
    }

    /// Runs each side `iterations` times, alternating, with its spec changed by `adapt`; `ssh`
    /// alone too when `withSSHAlone` (never into the slow terminal: it would wait for every byte).
    private func measure(_ setup: Setup, withSSHAlone: Bool = false, _ adapt: ([String: Any]) -> [String: Any]) throws -> Runs {
        var runs = Runs()
        func clear() throws { for socket in setup.sockets { _ = try ChildProcess.run("tmux", ["-L", socket, "kill-server"]) } }
        for _ in 0..<iterations {
            runs.termind.append(try drive(setup.harness, adapt(setup.termind)))
            try clear()
            runs.tmux.append(try drive(setup.harness, adapt(setup.tmux)))
            try clear()
            if withSSHAlone {
                runs.sshAlone.append(try drive(setup.harness, adapt(setup.sshAlone)))
                try clear()
            }
        }
        return runs
    }

    private func report(_ setup: Setup, fast: Runs, slow: Runs, nested: Runs) {
        print("")
        print("workbench (against tmux 3.3a + ssh; pseudo-terminal 160x45, median of \(iterations))")
        print("benchmark                                   termind       tmux          ratio")
        var heading = ""
        func line(_ name: String, _ ours: String, _ theirs: String, _ ratio: Double) {
            print(name.padding(toLength: 42, withPad: " ", startingAt: 0), ours.padding(toLength: 12, withPad: " ", startingAt: 0),
                  " ", theirs.padding(toLength: 12, withPad: " ", startingAt: 0), String(format: "  %5.2fx", ratio))
            // An indented line details the one above it.
            if !name.hasPrefix(" ") { heading = name }
            let work = name.hasPrefix(" ") ? heading + ":" + name.dropFirst(1) : name
            BenchmarkReport.shared.add(work, termind: trimmed(ours), peer: trimmed(theirs), peerTool: "tmux 3.3a + ssh", ratio: ratio,
                                       isDetail: name.hasPrefix(" "))
        }
        func seconds(_ name: String, _ pair: (termind: Double, tmux: Double)) {
            line(name, formatSeconds(pair.termind), formatSeconds(pair.tmux), pair.termind / pair.tmux)
        }
        func perMiB(_ name: String, _ runs: Runs, _ bytes: Int, _ value: (Run) -> Int) {
            let pair = runs.median { Double(value($0)) / (Double(bytes) / 1_048_576) }
            line(name, Self.kilobytes(pair.termind), Self.kilobytes(pair.tmux), pair.termind / pair.tmux)
        }
        func cpu(_ name: String, _ runs: Runs) {
            let pair = runs.median(\.catCPUSeconds)
            line(name, String(format: "%.2f s", pair.termind), String(format: "%.2f s", pair.tmux), pair.termind / max(pair.tmux, 0.01))
        }
        func bytes(_ name: String, _ value: (Run) -> Int) {
            let pair = fast.median { Double(value($0)) }
            line(name, "\(Int(pair.termind)) B", "\(Int(pair.tmux)) B", pair.termind / max(pair.tmux, 1))
        }

        func againstSSHAlone(_ runs: Runs, termindSeconds: Double) {
            self.againstSSHAlone(runs, termindSeconds: termindSeconds, heading: heading)
        }
        let cat = fast.median(\.catSeconds)
        seconds("cat \(setup.textBytes >> 20) MiB of text in a pane", cat)
        print(String(format: "  (%.0f MB/s against %.0f MB/s)", Double(setup.textBytes) / cat.termind / 1e6, Double(setup.textBytes) / cat.tmux / 1e6))
        perMiB("  bytes to the terminal per MiB", fast, setup.textBytes, \.catBytesReceived)
        cpu("  CPU (termind; tmux client and server)", fast)
        againstSSHAlone(fast, termindSeconds: cat.termind)

        let inside = nested.median(\.catSeconds)
        seconds("cat \(setup.shortTextBytes >> 20) MiB inside an outer tmux 160x45", inside)
        // Seconds a byte here against seconds a byte with the fast terminal.
        let slowdown = (inside.termind / Double(setup.shortTextBytes) / (cat.termind / Double(setup.textBytes)),
                        inside.tmux / Double(setup.shortTextBytes) / (cat.tmux / Double(setup.textBytes)))
        print(String(format: "  (%.1f MB/s against %.1f MB/s; %.2fx and %.2fx the time a byte of the fast terminal)",
                     Double(setup.shortTextBytes) / inside.termind / 1e6, Double(setup.shortTextBytes) / inside.tmux / 1e6, slowdown.0, slowdown.1))
        perMiB("  bytes written per MiB (write(2))", nested, setup.shortTextBytes, \.catBytesWritten)
        cpu("  CPU (termind; tmux client and server)", nested)
        againstSSHAlone(nested, termindSeconds: inside.termind)

        seconds("cat \(setup.shortTextBytes >> 20) MiB to a terminal reading \(Self.slowReadRate / 1000) KB/s", slow.median(\.catSeconds))
        perMiB("  bytes written per MiB (write(2))", slow, setup.shortTextBytes, \.catBytesWritten)
        cpu("  CPU (termind; tmux client and server)", slow)

        seconds("paste of 200 KB read by the remote", fast.median(\.pasteSeconds))
        bytes("bytes out for one typed character", \.typeBytes)
        bytes("bytes out for one line scrolled", \.scrollBytes)
        let idle = fast.median(\.idleWakeupsPerSecond)
        line("wake-ups per second when idle", String(format: "%.1f", idle.termind), String(format: "%.1f", idle.tmux), idle.termind / max(idle.tmux, 0.01))
        print("  (termind: \(fast.termind[0].processes) process; tmux: \(fast.tmux[0].processes) processes: client, server, ssh)")
        for runs in [fast, slow, nested] {
            for run in runs.termind + runs.tmux + runs.sshAlone where run.error != nil { print("  warning: \(run.error!)") }
        }
    }

    /// `  ssh alone (no multiplexer)   2.100 s   1.60x termind (goal: 2.00x or less)`.
    private func againstSSHAlone(_ runs: Runs, termindSeconds: Double, heading: String) {
        guard let alone = runs.sshAloneMedian(\.catSeconds) else { return }
        BenchmarkReport.shared.add(
            heading, termind: trimmed(formatSeconds(termindSeconds)), peer: trimmed(formatSeconds(alone)), peerTool: "ssh alone, no multiplexer",
            ratio: termindSeconds / alone)
        print("  ssh alone, no multiplexer".padding(toLength: 42, withPad: " ", startingAt: 0), formatSeconds(alone),
              String(format: "   termind %.2fx of it (goal: 2.00x or less); ssh's CPU %.2f s", termindSeconds / alone,
                     runs.sshAloneMedian(\.catCPUSeconds) ?? 0))
    }

    private static func kilobytes(_ bytes: Double) -> String {
        String(format: "%.1f KB", bytes / 1000)
    }

    /// `text` as one word for sh.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs the harness once with `spec` and reads its measurements.
    private func drive(_ harness: String, _ spec: [String: Any]) throws -> Run {
        var spec = spec
        spec["columns"] = 160
        spec["rows"] = 45
        spec["ready"] = "termind-test@"
        spec["marker"] = "777777-END"
        let json = String(decoding: try JSONSerialization.data(withJSONObject: spec), as: UTF8.self)
        let output = try ChildProcess.run("python3", [harness, json])
        guard output.status == 0, let line = output.stdout.split(separator: "\n").last else {
            throw TestRigError("the pseudo-terminal harness failed (\(output.status)): \(output.stdout) \(output.stderr)")
        }
        return try JSONDecoder().decode(Run.self, from: Data(line.utf8))
    }
}
