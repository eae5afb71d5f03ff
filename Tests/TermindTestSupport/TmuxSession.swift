import Foundation

/// A program run in a real pseudo-terminal inside a detached tmux session (160×45 by default), driven
/// as a person would: keys sent with `send-keys`, the screen read with `capture-pane`. When
/// the program ends, the pane prints `termind exited N` and stays, so its status can be read.
public final class TmuxSession: @unchecked Sendable {
    public let name: String

    /// `columns` × `rows`: 160×45 unless a test is about a small screen (80×24).
    public init(command: [String], environment: [String: String] = [:], columns: Int = 160, rows: Int = 45) throws {
        name = "termind-test-\(UUID().uuidString.prefix(8))"
        let quoted = command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let exports = environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let script = "env \(exports) \(quoted); echo \"termind exited $?\"; sleep 600"
        // The first new-session forks the tmux server, which would inherit (and keep open) the
        // descriptor Foundation's Process watches, so waiting for the client would never end:
        // close every inherited descriptor above stderr before exec'ing tmux.
        let started = try ChildProcess.run("python3", [
            "-c", "import os, sys; os.closerange(3, 65536); os.execvp(sys.argv[1], sys.argv[1:])",
            "tmux", "new-session", "-d", "-x", String(columns), "-y", String(rows), "-s", name, "sh", "-c", script,
        ])
        guard started.status == 0 else { throw TestRigError("tmux could not start: \(started.stderr)") }
    }

    /// Types `text` followed by Enter.
    public func send(_ text: String, enter: Bool = true) {
        _ = try? ChildProcess.run("tmux", ["send-keys", "-t", name, "-l", text])
        if enter { _ = try? ChildProcess.run("tmux", ["send-keys", "-t", name, "Enter"]) }
    }

    /// Whether the pane's terminal echoes what is typed, as its termios say (`stty -F` on the
    /// pane's tty): a password prompt turns echo off before it reads.
    public var echoesInput: Bool {
        guard let tty = try? ChildProcess.run("tmux", ["display-message", "-p", "-t", name, "#{pane_tty}"]), tty.status == 0,
              let modes = try? ChildProcess.run("stty", ["-F", tty.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "-a"]),
              modes.status == 0
        else { return true }
        return !modes.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).contains("-echo")
    }

    /// Presses keys by tmux's names (`C-\\`, `Enter`, `Up`, `q`), one after another.
    public func keys(_ names: String...) {
        _ = try? ChildProcess.run("tmux", ["send-keys", "-t", name] + names)
    }

    /// Types `text` literally (no key names, no Enter).
    public func type(_ text: String) {
        _ = try? ChildProcess.run("tmux", ["send-keys", "-t", name, "-l", text])
    }

    public func screen() -> String {
        (try? ChildProcess.run("tmux", ["capture-pane", "-p", "-t", name]).stdout) ?? ""
    }

    /// Polls the screen until it shows `text` or `timeout` passes.
    public func waitForScreen(containing text: String, timeout: TimeInterval = 15) -> Bool {
        waitForScreen(where: { $0.contains(text) }, timeout: timeout)
    }

    /// Polls the screen until one capture satisfies `check` or `timeout` passes: for what must
    /// be on the screen together (a capture may land while a frame is still being written).
    public func waitForScreen(where check: (String) -> Bool, timeout: TimeInterval = 15) -> Bool {
        // Each look runs tmux: ten a second.
        waitUntil(timeout: timeout, every: 0.1) { check(screen()) }
    }

    public func kill() { _ = try? ChildProcess.run("tmux", ["kill-session", "-t", name]) }

    deinit { kill() }
}
