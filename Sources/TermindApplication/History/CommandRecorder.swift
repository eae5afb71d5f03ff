import Foundation
import TermindDomain

/// Turns one shell's `ShellMark`s into command history rows (docs/behaviour.md §3): a row for
/// each command the shell reported starting (OSC 133 C with its text) and then ending or
/// giving back the prompt, with the directory last reported (OSC 7) and the exit status and
/// duration the end marker carries, never timed here. A recorder exists only for a shell
/// opened on an authenticated connection, so nothing before that can make a row.
///
/// Not recorded: a command typed with a leading space (as bash's `HISTCONTROL=ignorespace`),
/// Termind's own `__termind_*` helpers, a blank line, a command whose text the shell did not
/// send. Backslash-newline continuations become one space; other newlines stay.
///
/// A pure value: the caller stores what `observe` returns.
public struct CommandRecorder: Sendable {
    public let hostID: UUID
    /// The working directory the shell last reported.
    public private(set) var workingDirectory: String?
    /// False once the bootstrap said it started the plain shell.
    public private(set) var isIntegrated: Bool?
    private var running: (command: String?, startedAt: Date, directory: String?)?

    public init(hostID: UUID) {
        self.hostID = hostID
    }

    /// Takes in `mark`, seen at `now`; returns the row it completes, if any.
    public mutating func observe(_ mark: ShellMark, at now: Date) -> CommandHistoryEntry? {
        switch mark {
        case .workingDirectory(let path):
            workingDirectory = path
            return nil
        case .integrationOff:
            isIntegrated = false
            running = nil
            return nil
        case .inputStarted:
            return nil
        case .promptStarted:
            isIntegrated = true
            // A prompt while a command runs: the shell never said how it ended.
            return finish(exitStatus: nil, durationMilliseconds: nil)
        case .commandStarted(let commandLine):
            isIntegrated = true
            running = (commandLine.flatMap(Self.recordable), now, workingDirectory)
            return nil
        case .commandEnded(let status, let duration):
            return finish(exitStatus: status, durationMilliseconds: duration)
        }
    }

    private mutating func finish(exitStatus: Int32?, durationMilliseconds: Int64?) -> CommandHistoryEntry? {
        defer { running = nil }
        guard let running, let command = running.command else { return nil }
        return CommandHistoryEntry(
            hostID: hostID, command: command, startedAt: running.startedAt, exitStatus: exitStatus,
            duration: durationMilliseconds.map { TimeInterval($0) / 1000 }, workingDirectory: running.directory)
    }

    /// The text to store for `commandLine`, or nil when it is not recorded.
    public static func recordable(_ commandLine: String) -> String? {
        guard let first = commandLine.first, first != " ", first != "\t" else { return nil }
        guard !commandLine.hasPrefix("__termind_") else { return nil }
        var text = commandLine.replacingOccurrences(of: "\\\r\n", with: " ").replacingOccurrences(of: "\\\n", with: " ")
        while let last = text.last, last == "\n" || last == "\r" { text.removeLast() }
        guard text.contains(where: { !$0.isWhitespace }) else { return nil }
        return text
    }
}
