import Foundation
import TermindTestSupport

/// The SFTP browser pane against OpenSSH's `sftp -b` `ls -l` on a directory of 10,000 files on
/// the rig's sshd, by wall-clock time, the median of 3 runs each. Termind runs the workbench in
/// a pseudo-terminal of 160×45 that a Python harness drains: a terminal pane on `bench` in the
/// directory (OSC 7), then `C-\ b`, timed until the first row's name is written to the terminal
/// (the browser's own connection, its SFTP session, the listing, sorting and the frame); then
/// the path bar to a second directory of 10,000, timed the same way (the listing alone, on the
/// open session). Its names share no cell with the first's at the same column, so the frame
/// that replaces one with the other writes each whole. `sftp -b` runs `ls -l` of the directory from start to exit, its output to
/// /dev/null. `termind-bench browser` runs only this.
struct BrowserBenchmarks {
    static let entries = 10_000
    let sshd: SSHDServer
    let runs = 3

    static let harness = #"""
import fcntl, json, os, select, struct, sys, termios, time

spec = json.loads(sys.argv[1])
master, slave = os.openpty()
fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 45, 160, 0, 0))
pid = os.fork()
if pid == 0:
    os.setsid()
    fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
    for fd in (0, 1, 2):
        os.dup2(slave, fd)
    os.closerange(3, 65536)
    env = dict(os.environ)
    env.update(spec["environment"])
    os.execvpe(spec["argv"][0], spec["argv"], env)
os.close(slave)

def wait_for(pattern, timeout=60):
    tail = b""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.05)
        if not ready:
            continue
        try:
            data = os.read(master, 1 << 16)
        except OSError:
            return False
        if not data:
            return False
        tail = (tail + data)[-65536:]
        if pattern in tail:
            return True
    return False

result = {}
if not wait_for(b"termind-test@"):
    result["error"] = "no shell prompt"
else:
    os.write(master, spec["cd"].encode() + b"\r")
    if not wait_for(b"READY-42"):
        result["error"] = "the shell did not change directory"
    else:
        time.sleep(0.5)
        start = time.monotonic()
        os.write(master, b"\x1cb")
        if wait_for(spec["first"].encode()):
            result["open"] = time.monotonic() - start
            time.sleep(0.5)
            start = time.monotonic()
            os.write(master, b"g\x15" + spec["second"].encode() + b"\r")
            if wait_for(spec["secondFirst"].encode()):
                result["navigate"] = time.monotonic() - start
            else:
                result["error"] = "the second listing never showed"
        else:
            result["error"] = "the listing never showed"
os.write(master, b"\x1cqy")
time.sleep(0.3)
try:
    os.kill(pid, 15)
except OSError:
    pass
os.waitpid(pid, 0)
print(json.dumps(result))
"""#

    struct Run: Decodable {
        let open: Double?
        let navigate: Double?
        let error: String?
    }

    func run() throws {
        let home = try benchmarkVault(for: sshd, prefix: "termind-bench-browser-home")
        let scratch = try TemporaryDirectory(prefix: "termind-bench-browser", mode: 0o755)
        let first = scratch.appending("wide").path, second = scratch.appending("other").path
        require(try ChildProcess.run("python3", ["-c", """
            import os, sys
            for directory, prefix in ((sys.argv[1], 'file'), (sys.argv[2], 'QQQQQQQQ-')):
                os.mkdir(directory)
                for i in range(\(Self.entries)): open(os.path.join(directory, '%s%05d.txt' % (prefix, i)), 'w').close()
            """, first, second]), "making \(Self.entries) files twice")
        require(try ChildProcess.run("chown", ["-R", sshd.username, scratch.path]), "chown")
        let harness = try scratch.write(Self.harness, to: "browser_drive.py", mode: 0o644)
        let environment = [
            "HOME": home.path, "XDG_DATA_HOME": home.path + "/.local/share", "XDG_CONFIG_HOME": home.path + "/.config",
            "XDG_STATE_HOME": home.path + "/.local/state", "TERM": "xterm-256color", "LANG": "C.UTF-8",
        ]
        let spec: [String: Any] = [
            "argv": [try TermindBinary.path(), "connect", "bench"], "environment": environment,
            "cd": "cd \(first) && printf '\\033]7;file://x%s\\007' \"$PWD\" && echo READY-$((6*7))",
            "first": "file00000.txt", "second": second, "secondFirst": "QQQQQQQQ-00000",
        ]
        let json = String(decoding: try JSONSerialization.data(withJSONObject: spec), as: UTF8.self)
        var opens: [Double] = [], navigations: [Double] = []
        for _ in 0..<runs {
            let output = try ChildProcess.run("python3", [harness, json])
            guard output.status == 0, let line = output.stdout.split(separator: "\n").last,
                let run = try? JSONDecoder().decode(Run.self, from: Data(line.utf8)), let open = run.open, let navigate = run.navigate
            else {
                throw TestRigError("the browser harness failed (\(output.status)): \(output.stdout) \(output.stderr)")
            }
            opens.append(open)
            navigations.append(navigate)
        }

        let batch = scratch.appending("batch.sftp").path
        try "ls -l \(first)\n".write(toFile: batch, atomically: true, encoding: .utf8)
        let sftp = [
            "-q", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
            "-o", "LogLevel=ERROR", "-i", sshd.clientPrivateKeyPath, "-P", String(sshd.port),
            "-b", batch, "\(sshd.username)@\(sshd.host)",
        ]
        let line = (["sftp"] + sftp).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ") + " > /dev/null"
        require(try ChildProcess.run("sh", ["-c", line]), "sftp")  // warm caches
        let theirs = try medianSeconds(runs) { require(try ChildProcess.run("sh", ["-c", line]), "sftp") }

        let median = { (values: [Double]) in values.sorted()[values.count / 2] }
        let open = median(opens), navigate = median(navigations)
        print("\nA directory of \(Self.entries) entries in the browser pane, wall clock (median of \(runs))")
        print("browser: C-\\ b to first rows   \(formatSeconds(open))  (connection, SFTP session, listing, frame)")
        print("browser: path bar to first rows \(formatSeconds(navigate))  (listing and frame on the open session)")
        print("sftp -b ls -l                   \(formatSeconds(theirs))  (connection, listing, all rows printed)")
        BenchmarkReport.shared.add(
            "browser: first rows of \(Self.entries) entries", termind: trimmed(formatSeconds(open)), peer: trimmed(formatSeconds(theirs)),
            peerTool: "sftp -b ls -l", ratio: open / theirs)
        print(String(format: "ratio (open)                    %5.2fx (above 1.00x: the browser is slower)", open / theirs))
        print(String(format: "ratio (path bar)                %5.2fx", navigate / theirs))
    }
}
