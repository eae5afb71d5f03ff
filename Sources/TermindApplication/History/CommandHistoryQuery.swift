import Foundation

/// Which command history rows to read, newest first: one Host's or every Host's, those whose
/// command contains `text` (any case), only failed ones (a known non-zero exit status).
public struct CommandHistoryQuery: Sendable, Hashable {
    public var hostID: UUID?
    public var text: String?
    public var failedOnly: Bool
    public var limit: Int

    public init(hostID: UUID? = nil, text: String? = nil, failedOnly: Bool = false, limit: Int = 50) {
        self.hostID = hostID
        self.text = text
        self.failedOnly = failedOnly
        self.limit = limit
    }
}
