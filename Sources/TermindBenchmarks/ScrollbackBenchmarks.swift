import Foundation
import TermindTestSupport

/// Scrollback memory against tmux 3.3a (`history-limit 10000`): 1, 4 and 10 full-width panes, each an SSH
/// session to the rig's sshd that prints 12,000 lines of 150 digits, in a 200×60 outer tmux.
/// What is measured is the growth of the resident memory of the process that holds the panes
/// (termind's one process; the tmux server), from the panes' first prompts to the end of the
/// last pane's output. Benchmark, not test: `termind-bench scrollback` runs it alone.
struct ScrollbackBenchmarks {
    let sshd: SSHDServer
    let paneCounts = [1, 4, 10]

    func run() throws {
        let home = try benchmarkVault(for: sshd, prefix: "termind-bench-scrollback-home")
        let ssh = "ssh -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR "
            + "-i \(sshd.clientPrivateKeyPath) -p \(sshd.port) \(sshd.username)@\(sshd.host)"
        print("\nscrollback: panes (one a Workspace; tmux: a window) each printing 12,000 lines of 150 columns (growth of resident memory)")
        print("panes   termind       tmux          ratio   per pane (termind / tmux)")
        for panes in paneCounts {
            let ours = try measure(Self.termindScript, panes: panes, environment: [
                "TERMIND": try TermindBinary.path(), "HOME": home.path, "XDG_DATA_HOME": home.path + "/.local/share",
                "XDG_CONFIG_HOME": home.path + "/.config", "XDG_STATE_HOME": home.path + "/.local/state",
            ])
            let theirs = try measure(Self.tmuxScript, panes: panes, environment: ["SSH_COMMAND": ssh])
            let mib = { (kib: Int) in String(format: "%7.1f MiB", Double(kib) / 1024) }
            print(String(format: "%5d", panes), " ", mib(ours), "  ", mib(theirs), String(format: "  %5.2fx", Double(ours) / Double(max(1, theirs))),
                  "  ", mib(ours / panes), "/", mib(theirs / panes))
        }
    }

    /// Runs a driver script; it prints the growth in KiB as its last line.
    private func measure(_ script: String, panes: Int, environment: [String: String]) throws -> Int {
        var merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        merged["PANES"] = String(panes)
        merged["TERM"] = "xterm-256color"
        merged["LANG"] = "C.UTF-8"
        let result = try ChildProcess.run("timeout", ["600", "bash", "-c", script], environment: merged)
        guard result.status == 0, let growth = result.stdout.split(separator: "\n").last.flatMap({ Int($0) }) else {
            throw TestRigError("the scrollback driver failed (\(result.status)): \(result.stdout) \(result.stderr)")
        }
        return growth
    }

    /// Fills pane `i` and waits for its own marker, `DONE` followed by 4000 + i.
    private static let fill = """
        fill() {  # socket target-or-empty marker-number
          tmux -L "$1" send-keys $2 'for i in $(seq 1 12000); do printf "%0150d\\n" $i; done; echo DONE$((4000+'"$3"'))' Enter
          for t in $(seq 1 600); do tmux -L "$1" capture-pane -p $2 | grep -q "DONE$((4000+$3))" && return; sleep 0.2; done
          echo "pane $3 never finished" >&2; exit 1
        }
        rss() { awk '/VmRSS/{print $2}' /proc/$1/status; }
        """

    /// The workbench: one `connect`, then a Workspace a pane (prefix C-\\ c, Enter, the Host
    /// chosen in Quick Open), each pane full-width so no line wraps; each shown in turn
    /// (prefix n) and filled.
    private static let termindScript = fill + """

        S=termind-scrollback-$$
        tmux -L $S -f /dev/null new-session -d -x 200 -y 60 "$TERMIND connect bench"
        trap 'tmux -L $S kill-server 2>/dev/null' EXIT
        sleep 3
        for i in $(seq 2 $PANES); do
          tmux -L $S send-keys $'\\x1c' c; sleep 0.5
          tmux -L $S send-keys Enter; sleep 0.5
          tmux -L $S send-keys bench; sleep 0.3
          tmux -L $S send-keys Enter; sleep 2
        done
        PID=$(pgrep -f "^$TERMIND connect bench" | head -1)
        before=$(rss $PID)
        for i in $(seq 1 $PANES); do
          tmux -L $S send-keys $'\\x1c' n; sleep 0.5
          fill $S "" $i
        done
        echo $(( $(rss $PID) - before ))
        """

    /// tmux: a server with `history-limit 10000`, one `ssh` a window.
    private static let tmuxScript = fill + """

        S=tmux-scrollback-$$
        tmux -L $S -f /dev/null set -g history-limit 10000 \\; new-session -d -x 200 -y 60 "$SSH_COMMAND"
        trap 'tmux -L $S kill-server 2>/dev/null' EXIT
        for i in $(seq 2 $PANES); do tmux -L $S new-window "$SSH_COMMAND"; done
        sleep 2
        PID=$(tmux -L $S display -p '#{pid}')
        before=$(rss $PID)
        i=0
        for window in $(tmux -L $S list-windows -F '#{window_id}'); do
          i=$((i + 1))
          tmux -L $S select-window -t $window
          fill $S "-t $window" $i
        done
        echo $(( $(rss $PID) - before ))
        """
}
