import Foundation
import TermindTestSupport

/// The workbench against tmux 3.3a on this machine, each in a pseudo-terminal of 160×45 that a
/// Python harness drains as fast as it can (as a fast terminal would), with Termind's Navigator
/// hidden so both panes span the width: the same remote `cat` of 64 MiB of text in a Termind SSH
/// pane and in a tmux pane running `ssh`, timed to a marker printed after it; the bytes written
/// to the terminal for one typed character and for one line scrolled; a paste of 200 KB of text
/// arriving as keys (unbracketed, in 4 KiB reads as a terminal delivers it) until the remote
/// `head -c` has read all of it; and wake-ups per second while idle (context switches of every thread: termind's one process; tmux's client, server
/// and the ssh it runs). `termind-bench workbench` runs only these.
struct WorkbenchBenchmarks {
    let sshd: SSHDServer
    let iterations = 3

    /// What one harness run measured.
    struct Run: Decodable {
        let typeBytes: Int
        let scrollBytes: Int
        let idleWakeupsPerSecond: Double
        let processes: Int
        let catSeconds: Double
        let pasteSeconds: Double
        let error: String?
    }

    func run() throws {
        let home = try benchmarkVault(for: sshd, prefix: "termind-bench-tui-home")
        let scratch = try TemporaryDirectory(prefix: "termind-bench-tui", mode: 0o755)
        let text = scratch.appending("text.txt").path
        let made = try ChildProcess.run("sh", ["-c", "head -c 50331648 /dev/urandom | base64 -w 76 > '\(text)' && chmod 644 '\(text)'"])
        precondition(made.status == 0, "making the text failed: \(made.stderr)")
        let harness = try scratch.write(Self.harness, to: "pty_drive.py", mode: 0o644)
        let bytes = (try FileManager.default.attributesOfItem(atPath: text)[.size] as? Int) ?? 0

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
        var ours: [Run] = [], theirs: [Run] = []
        for _ in 0..<iterations {
            ours.append(try drive(harness, [
                "argv": [try TermindBinary.path(), "connect", "bench"], "environment": environment,
                "command": command, "setup": "\u{1C}w\u{1C}w", "quit": "\u{1C}qy", "alsoCount": [String](),
            ]))
            theirs.append(try drive(harness, [
                "argv": ["tmux", "-L", socket, "-f", "/dev/null", "new-session", ssh.map { "'\($0)'" }.joined(separator: " ")],
                "environment": environment, "command": command, "quit": "", "alsoCount": [socket, sshd.clientPrivateKeyPath],
            ]))
            _ = try ChildProcess.run("tmux", ["-L", socket, "kill-server"])
        }

        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let termindCat = median(ours.map(\.catSeconds)), tmuxCat = median(theirs.map(\.catSeconds))
        print("")
        print("workbench (against tmux 3.3a + ssh; pseudo-terminal 160x45, median of \(iterations))")
        print("benchmark                               termind       tmux          ratio")
        func line(_ name: String, _ ours: String, _ theirs: String, _ ratio: Double) {
            print(name.padding(toLength: 38, withPad: " ", startingAt: 0), ours.padding(toLength: 12, withPad: " ", startingAt: 0),
                  " ", theirs.padding(toLength: 12, withPad: " ", startingAt: 0), String(format: "  %5.2fx", ratio))
        }
        line("cat \(bytes >> 20) MiB of text in a pane", formatSeconds(termindCat), formatSeconds(tmuxCat), termindCat / tmuxCat)
        print(String(format: "  (%.0f MB/s against %.0f MB/s)", Double(bytes) / termindCat / 1e6, Double(bytes) / tmuxCat / 1e6))
        let pasteOurs = median(ours.map(\.pasteSeconds)), pasteTheirs = median(theirs.map(\.pasteSeconds))
        line("paste of 200 KB read by the remote", formatSeconds(pasteOurs), formatSeconds(pasteTheirs), pasteOurs / pasteTheirs)
        let typeOurs = median(ours.map { Double($0.typeBytes) }), typeTheirs = median(theirs.map { Double($0.typeBytes) })
        line("bytes out for one typed character", "\(Int(typeOurs)) B", "\(Int(typeTheirs)) B", typeOurs / typeTheirs)
        let scrollOurs = median(ours.map { Double($0.scrollBytes) }), scrollTheirs = median(theirs.map { Double($0.scrollBytes) })
        line("bytes out for one line scrolled", "\(Int(scrollOurs)) B", "\(Int(scrollTheirs)) B", scrollOurs / scrollTheirs)
        let idleOurs = median(ours.map(\.idleWakeupsPerSecond)), idleTheirs = median(theirs.map(\.idleWakeupsPerSecond))
        line("wake-ups per second when idle", String(format: "%.1f", idleOurs), String(format: "%.1f", idleTheirs), idleOurs / max(idleTheirs, 0.01))
        print("  (termind: \(ours[0].processes) process; tmux: \(theirs[0].processes) processes: client, server, ssh)")
        for run in ours + theirs where run.error != nil { print("  warning: \(run.error!)") }
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

    /// Runs a program in a pseudo-terminal of its own and measures it (see `run`).
    static let harness = #"""
import fcntl, json, os, select, struct, sys, termios, time

spec = json.loads(sys.argv[1])
cols, rows = spec["columns"], spec["rows"]
master, slave = os.openpty()
fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
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

def read(timeout):
    ready, _, _ = select.select([master], [], [], timeout)
    if not ready:
        return None
    try:
        return os.read(master, 1 << 16)
    except OSError:
        return b""

seen = b""

def wait_for(pattern, timeout):
    global seen
    tail = b""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        data = read(0.1)
        if data is None:
            continue
        if data == b"":
            return False
        tail = (tail + data)[-8192:]
        seen = tail
        if pattern in tail:
            return True
    return False

def quiet(period, limit=20):
    """Reads until nothing came for `period` seconds; returns the bytes read."""
    total = 0
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        data = read(period)
        if not data:
            return total
        total += len(data)
    return total

def processes():
    """Our child and its descendants, and every process whose command line has a marker."""
    parents, commands = {}, {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = open(f"/proc/{entry}/stat").read()
            parents[int(entry)] = int(stat[stat.rindex(")") + 2:].split()[1])
            commands[int(entry)] = open(f"/proc/{entry}/cmdline", "rb").read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            pass
    found = {pid}
    changed = True
    while changed:
        changed = False
        for child, parent in parents.items():
            if parent in found and child not in found:
                found.add(child)
                changed = True
    for other, command in commands.items():
        if any(marker in command for marker in spec.get("alsoCount", [])):
            found.add(other)
    return found

def switches(pids):
    counts = {}
    for process in pids:
        try:
            for task in os.listdir(f"/proc/{process}/task"):
                total = 0
                for line in open(f"/proc/{process}/task/{task}/status"):
                    if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                        total += int(line.split()[1])
                counts[(process, task)] = total
        except OSError:
            pass
    return counts

result = {}
# Ready: the remote shell printed its greeting and prompt and went quiet.
if not wait_for(spec["ready"].encode(), 30) or quiet(1.0) < 0:
    print(json.dumps({"error": "never ready; the terminal last showed " + repr(seen[-3000:])}))
    sys.exit(1)
# The same plain prompt on both sides, whatever the account's colours; then each side's own
# set-up keys (Termind hides its Navigator, so both panes span the terminal's width).
os.write(master, b"PS1='$ '; clear\r")
quiet(0.5)
os.write(master, spec.get("setup", "").encode("latin-1"))
quiet(0.5)

# One character typed and echoed.
os.write(master, b"x")
result["typeBytes"] = quiet(0.3)
os.write(master, b"\x7f")
quiet(0.3)

# One line scrolled: a full screen, then an empty command (the screen moves up one line).
os.write(master, b"clear; seq -f '%g: the quick brown fox jumps over the lazy dog' 1 200\r")
quiet(0.5)
os.write(master, b"\r")
result["scrollBytes"] = quiet(0.3)

# Idle: nothing typed, nothing printed.
quiet(1.0)
pids = processes()
before = switches(pids)
idle = spec.get("idleSeconds", 5)
deadline = time.monotonic() + idle
while time.monotonic() < deadline:
    read(deadline - time.monotonic())
after = switches(pids)
result["idleWakeupsPerSecond"] = sum(v - before.get(k, 0) for k, v in after.items()) / idle
result["processes"] = len(pids)

# The big cat, timed to the marker (computed remotely, so the echoed command does not match).
start = time.monotonic()
os.write(master, spec["command"].encode() + b"\r")
if not wait_for(spec["marker"].encode(), 600):
    result["error"] = "the marker never came"
result["catSeconds"] = time.monotonic() - start
quiet(0.5)

# A paste of 200 KB arriving as keys, 4 KiB at a time, while the terminal's output is drained;
# timed until the remote `head -c` has read every byte (echo off: the input path alone).
paste = b"".join((b"%05d " % i) + b"pasted text " * 6 + b".\r" for i in range(2500))  # 200,000 bytes
os.write(master, b"stty -echo; head -c %d > /dev/null; stty echo; echo $((111110+111112))-PASTED\r" % len(paste))
quiet(0.5)
start = time.monotonic()
view = memoryview(paste)
while view:
    readable, writable, _ = select.select([master], [master], [], 1.0)
    if readable:
        read(0)
    if writable:
        try:
            view = view[os.write(master, view[:4096]):]
        except OSError:
            break
if not wait_for(b"222222-PASTED", 60):
    result["error"] = "the paste never arrived whole"
result["pasteSeconds"] = time.monotonic() - start
quiet(0.5)

os.write(master, spec["quit"].encode("latin-1"))
quiet(0.5, limit=5)
try:
    os.kill(pid, 15)
except ProcessLookupError:
    pass
os.waitpid(pid, 0)
print(json.dumps(result))
"""#
}
