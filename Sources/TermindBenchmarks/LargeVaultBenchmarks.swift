import Foundation
import TermindDomain
import TermindPresentation
import TermindResources
import TermindTestSupport

/// The workbench with a large Vault (1,000, 5,000 and 20,000 Hosts imported by `termind import`
/// from a generated `~/.ssh/config`): a keystroke in the Navigator's filter, timed in-process on
/// the path a key takes (`Workbench.handle`, which filters the Hosts, then `Workbench.frame`,
/// which lists them: goal under 16 ms at 20,000), and the start-up to the first frame, both
/// in-process (the Vault's Hosts read, the workbench started, one frame) and as a person sees
/// it (`termind` in a pseudo-terminal, timed until the Navigator's first Host shows: goal about
/// 0.5 s); and the Host labels read for shell completion (`termind completion hosts`, a process:
/// goal under 50 ms at 1,000). The growth per doubling between sizes: 2.0 is linear. No peer.
@MainActor
struct LargeVaultBenchmarks {
    static let sizes = [1_000, 5_000, 20_000]
    /// Typed one key at a time into the Navigator's filter, then erased with Backspace.
    static let typed = "node1999"
    let runs = 5

    /// What one size measured, in seconds.
    struct Figures {
        let hosts: Int
        let keystrokeMedian: Double
        let keystrokeWorst: Double
        let startInProcess: Double
        let startInTerminal: Double
    }

    func run() async throws {
        let folder = try TemporaryDirectory(prefix: "termind-bench-vault")
        let harness = try folder.write(Self.harness, to: "first_frame.py", mode: 0o644)
        let keymap = Keymap.load(defaults: try TermindResources.defaultKeymap(), user: nil).keymap
        print("\nthe workbench with a large Vault (release; keystroke: Workbench.handle + frame in-process, 160x45,")
        print("\"\(Self.typed)\" typed then erased \(runs) times: the median key, and the slowest key by its median; start-up: median of \(runs))")
        print("Hosts      keystroke median   slowest key   start in-process   start in a terminal")
        var previous: Figures?
        for count in Self.sizes {
            let home = try TemporaryDirectory(prefix: "termind-bench-vault-home")
            let directory = folder.appending("ssh\(count)").path
            try ImportBenchmarks.writeConfig(hosts: count, in: directory)
            let imported = try TermindBinary.run(["import", directory, "--all"], home: home)
            precondition(imported.status == 0, "termind import --all failed: \(imported.stderr)")

            // Each key's time in each run: the slowest key is judged by its median over the runs, so
            // one run preempted by another process does not count as the workbench's own cost.
            var keystrokes: [[Double]] = Array(repeating: [], count: Self.typed.count * 2)
            var starts: [Double] = [], terminalStarts: [Double] = []
            for _ in 0..<runs {
                let start = DispatchTime.now().uptimeNanoseconds
                let workbench = Workbench(services: VaultHostsServices(home: home.path), keymap: keymap, size: CellSize(columns: 160, rows: 45))
                await workbench.start()
                _ = workbench.frame()
                starts.append(Self.seconds(since: start))
                let keys = Self.typed.map { KeyPress.character($0) } + Array(repeating: KeyPress(.backspace), count: Self.typed.count)
                for (position, key) in keys.enumerated() {
                    let pressed = DispatchTime.now().uptimeNanoseconds
                    workbench.handle(.key(key))
                    _ = workbench.frame()
                    keystrokes[position].append(Self.seconds(since: pressed))
                }
                terminalStarts.append(try firstFrame(harness, home: home))
            }
            let figures = Figures(
                hosts: count, keystrokeMedian: Self.median(keystrokes.flatMap { $0 }), keystrokeWorst: keystrokes.map(Self.median).max() ?? 0,
                startInProcess: Self.median(starts), startInTerminal: Self.median(terminalStarts))
            var line = String(count).padding(toLength: 11, withPad: " ", startingAt: 0)
                + formatSeconds(figures.keystrokeMedian) + "        " + formatSeconds(figures.keystrokeWorst)
                + "   " + formatSeconds(figures.startInProcess) + "        " + formatSeconds(figures.startInTerminal)
            if let previous {
                let doublings = log2(Double(count) / Double(previous.hosts))
                let growth = { (now: Double, before: Double) in pow(now / before, 1 / doublings) }
                line += String(format: "   growth per doubling %.2f / %.2f / %.2f / %.2f",
                               growth(figures.keystrokeMedian, previous.keystrokeMedian), growth(figures.keystrokeWorst, previous.keystrokeWorst),
                               growth(figures.startInProcess, previous.startInProcess), growth(figures.startInTerminal, previous.startInTerminal))
            }
            print(line)
            // Shell completion of HOST reads the labels in a process of its own: goal under 50 ms at 1,000.
            let completion = try medianSeconds(runs) {
                let listed = try TermindBinary.run(["completion", "hosts"], home: home)
                precondition(listed.status == 0 && !listed.stdout.isEmpty, "termind completion hosts failed: \(listed.stderr)")
            }
            print("           labels for shell completion (termind completion hosts, median of \(runs)): " + formatSeconds(completion))
            previous = figures
        }
    }

    /// Seconds from starting `termind` in a pseudo-terminal of 160×45 to the Navigator's first
    /// Host (`node0`) on its screen.
    private func firstFrame(_ harness: String, home: TemporaryDirectory) throws -> Double {
        let spec: [String: Any] = [
            "argv": [try TermindBinary.path()], "marker": "node0",
            "environment": [
                "HOME": home.path, "XDG_DATA_HOME": home.path + "/.local/share", "XDG_CONFIG_HOME": home.path + "/.config",
                "XDG_STATE_HOME": home.path + "/.local/state", "TERM": "xterm-256color", "LANG": "C.UTF-8",
            ],
        ]
        let json = String(decoding: try JSONSerialization.data(withJSONObject: spec), as: UTF8.self)
        let output = try ChildProcess.run("python3", [harness, json])
        guard output.status == 0, let seconds = Double(output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw TestRigError("the first-frame harness failed (\(output.status)): \(output.stdout) \(output.stderr)")
        }
        return seconds
    }

    private static func seconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    private static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// Starts a program in a pseudo-terminal, prints the seconds until `marker` is on its
    /// output, then quits it (the prefix key and q) and reaps it.
    static let harness = #"""
import fcntl, json, os, select, struct, sys, termios, time

spec = json.loads(sys.argv[1])
master, slave = os.openpty()
fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 45, 160, 0, 0))
start = time.monotonic()
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
seen, elapsed = b"", None
deadline = start + 30
while time.monotonic() < deadline:
    ready, _, _ = select.select([master], [], [], 0.1)
    if not ready:
        continue
    try:
        data = os.read(master, 1 << 16)
    except OSError:
        break
    if not data:
        break
    seen = (seen + data)[-65536:]
    if spec["marker"].encode() in seen:
        elapsed = time.monotonic() - start
        break
os.write(master, b"\x1cq")
time.sleep(0.3)
try:
    os.kill(pid, 15)
except ProcessLookupError:
    pass
os.waitpid(pid, 0)
if elapsed is None:
    sys.stderr.write("never saw the marker; last output: " + repr(seen[-2000:]) + "\n")
    sys.exit(1)
print(elapsed)
"""#
}
