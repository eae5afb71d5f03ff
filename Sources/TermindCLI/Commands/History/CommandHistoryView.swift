import Foundation
import TermindDomain

/// One command history row as `termind history --json` prints it: every key always present,
/// `null` when the shell did not report it.
struct CommandHistoryView: Encodable {
    let host: String
    let command: String
    let startedAt: Date
    @NullWhenAbsent var exitStatus: Int32?
    @NullWhenAbsent var durationMs: Int64?
    @NullWhenAbsent var directory: String?

    init(_ entry: CommandHistoryEntry, host: String) {
        self.host = host
        command = entry.command
        startedAt = entry.startedAt
        exitStatus = entry.exitStatus
        durationMs = entry.duration.map { Int64(($0 * 1000).rounded()) }
        directory = entry.workingDirectory
    }
}
