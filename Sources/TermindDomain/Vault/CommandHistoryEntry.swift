import Foundation

/// One command run in a shell on a Host, from the shell-integration markers (OSC 133): the
/// text, when it started, and when known its exit status, duration and working directory.
public struct CommandHistoryEntry: Sendable, Hashable, Codable, Identifiable {
    public let id: UUID
    public let hostID: UUID
    public let command: String
    public let startedAt: Date
    public var exitStatus: Int32?
    public var duration: TimeInterval?
    public var workingDirectory: String?

    public init(
        id: UUID = UUID(), hostID: UUID, command: String, startedAt: Date, exitStatus: Int32? = nil,
        duration: TimeInterval? = nil, workingDirectory: String? = nil
    ) {
        self.id = id
        self.hostID = hostID
        self.command = command
        self.startedAt = startedAt
        self.exitStatus = exitStatus
        self.duration = duration
        self.workingDirectory = workingDirectory
    }
}
