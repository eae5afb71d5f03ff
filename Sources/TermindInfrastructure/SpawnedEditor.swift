import Foundation
import TermindApplication

/// The person's editor as a child process on this terminal (`EditorCommand`: `/bin/sh -c`,
/// the file as `"$@"`), waited for on a thread of its own. As git does, this process ignores
/// SIGINT and SIGQUIT while the editor runs (a Ctrl-C meant for the editor must not end the
/// edit and lose the copy); the editor gets them back at their defaults.
public struct SpawnedEditor: FileEditor {
    public let command: EditorCommand
    /// The editor's environment, `NAME=value`.
    private let environment: [String]

    public init(environment: [String: String]) {
        command = EditorCommand(environment: environment)
        self.environment = environment.map { "\($0.key)=\($0.value)" }
    }

    public func edit(_ path: String) async throws {
        let arguments = command.arguments(for: path)
        let environment = environment
        let shown = command.command
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let thread = Thread {
                continuation.resume(with: Result { try Self.run(arguments, environment: environment, shown: shown) })
            }
            thread.name = "termind editor"
            thread.start()
        }
    }

    private static func run(_ arguments: [String], environment: [String], shown: String) throws {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGQUIT)
        sigaddset(&defaults, SIGPIPE)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let previousInterrupt = signal(SIGINT, SIG_IGN)
        let previousQuit = signal(SIGQUIT, SIG_IGN)
        defer {
            signal(SIGINT, previousInterrupt)
            signal(SIGQUIT, previousQuit)
        }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let started = posix_spawn(&pid, arguments[0], nil, &attributes, argv, envp)
        guard started == 0 else {
            throw EditorFailure(command: shown, detail: "could not start: \(String(cString: strerror(started)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else {
                throw EditorFailure(command: shown, detail: "could not be waited for: \(String(cString: strerror(errno)))")
            }
        }
        let signalled = status & 0x7F
        if signalled != 0 {
            throw EditorFailure(command: shown, detail: "was ended by signal \(signalled)")
        }
        let code = (status >> 8) & 0xFF
        // 127: the shell could not find the editor's program.
        guard code == 0 else {
            throw EditorFailure(
                command: shown, detail: code == 127 ? "was not found (the shell exited 127)" : "exited with status \(code)")
        }
    }
}
