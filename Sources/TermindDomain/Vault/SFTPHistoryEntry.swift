import Foundation

/// A remote directory listed fresh, or a file downloaded completely, on a Host.
public struct SFTPHistoryEntry: Sendable, Hashable, Codable, Identifiable {
    public enum Kind: String, Sendable, Hashable, Codable { case directory, file }

    public let id: UUID
    public let hostID: UUID
    public let path: String
    public let kind: Kind
    public let visitedAt: Date

    public init(id: UUID = UUID(), hostID: UUID, path: String, kind: Kind, visitedAt: Date = Date()) {
        self.id = id
        self.hostID = hostID
        self.path = path
        self.kind = kind
        self.visitedAt = visitedAt
    }
}
