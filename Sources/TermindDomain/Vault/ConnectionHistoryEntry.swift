import Foundation

/// One opened session: which Host, which kind (terminal or SFTP), when.
public struct ConnectionHistoryEntry: Sendable, Hashable, Codable, Identifiable {
    public enum Kind: String, Sendable, Hashable, Codable { case ssh, sftp }

    public let id: UUID
    public let hostID: UUID
    public let kind: Kind
    public let openedAt: Date

    public init(id: UUID = UUID(), hostID: UUID, kind: Kind, openedAt: Date = Date()) {
        self.id = id
        self.hostID = hostID
        self.kind = kind
        self.openedAt = openedAt
    }
}
