import Foundation
import TermindApplication

/// `termind exec --persist DURATION`: starts `termind control-hold` (this binary, through
/// `/proc/self/exe`) to hold the connection in the background, and waits for its one line.
/// The holder shares this terminal while it connects (its questions are asked here), so this
/// process only waits; the command itself then runs through the control socket like any other.
enum ControlPersist {
    enum Outcome: Equatable {
        /// The connection is held (or another process held it already).
        case ready
        /// Not kept (the host key was trusted only once): the command connects by itself.
        case unshared(String)
        /// The control socket cannot be made (an unsafe directory, a path too long): the
        /// message says which path, why and what to do.
        case refused(String)
        /// The holder could not connect: its status and message.
        case failed(Int32, String)
    }

    /// `10m`, `90s`, `1h`, `2d` or plain seconds, as ssh's ControlPersist reads them.
    static func seconds(_ text: String) -> Int? {
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        var digits = Substring(text), unit = 1
        if let last = text.last, let multiplier = units[last] {
            digits = text.dropLast()
            unit = multiplier
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let value = Int(digits), value > 0 else { return nil }
        let (seconds, overflow) = value.multipliedReportingOverflow(by: unit)
        return overflow || seconds > 604_800 ? nil : seconds
    }

    static func start(_ host: String, idle: Int, options: ConnectionOptions) -> Outcome {
        var arguments = ["control-hold", host, "--idle", String(idle)]
        if options.batch { arguments.append("--batch") }
        if options.acceptNew { arguments.append("--accept-new") }
        if !options.systemKnownHosts { arguments.append("--no-system-known-hosts") }
        if let file = options.identityFile { arguments += ["--identity-file", file] }
        if let login = options.login { arguments += ["--login", login] }
        arguments += ["--connect-timeout", String(options.connectTimeout.components.seconds)]
        if let directory = options.dataDirectory { arguments += ["--data-dir", directory] }

        closeOnExec()
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return .failed(ExitCode.failure.rawValue, "termind: cannot make a pipe: \(String(cString: strerror(errno)))") }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO)
        posix_spawn_file_actions_addclose(&actions, ends[1])
        let executable = "/proc/self/exe"
        let argv = (["termind"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        close(ends[1])
        defer { close(ends[0]) }
        guard spawned == 0 else {
            return .failed(ExitCode.failure.rawValue, "termind: cannot start the holder for --persist: \(String(cString: strerror(spawned)))")
        }
        let line = readLine(ends[0])
        if line == "ready" { return .ready }
        if let reason = line?.dropPrefix("unshared ") { return .unshared(String(reason)) }
        if let message = line?.dropPrefix("refused ") { return .refused(String(message)) }
        if let failure = line?.dropPrefix("failed ") {
            let parts = failure.split(separator: " ", maxSplits: 1)
            let status = parts.first.flatMap { Int32($0) } ?? ExitCode.failure.rawValue
            return .failed(status, parts.count > 1 ? String(parts[1]) : "termind: the holder for --persist failed")
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return .failed(ExitCode.failure.rawValue, "termind: the holder for --persist ended without a word")
    }

    /// Marks every descriptor past the standard three close-on-exec: the holder outlives this
    /// process and must not keep what its parent was given (a parent watching for this
    /// process's end through an inherited socket, as Foundation's `Process` does, would wait
    /// for the holder instead).
    private static func closeOnExec() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return }
        for name in names {
            guard let descriptor = Int32(name), descriptor > STDERR_FILENO else { continue }
            let flags = fcntl(descriptor, F_GETFD)
            if flags >= 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
        }
    }

    /// The first line the holder writes (at most 4 KiB), nil when it ends without one.
    private static func readLine(_ descriptor: Int32) -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while bytes.count < 4096 {
            let count = read(descriptor, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { break }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }
}

private extension String {
    func dropPrefix(_ prefix: String) -> Substring? { hasPrefix(prefix) ? dropFirst(prefix.count) : nil }
}
