/// A path on a named file system (`local`, or a connection's label), as reports, events and
/// partial-transfer records name it.
public struct TransferAddress: Sendable, Hashable, Codable, CustomStringConvertible {
    public let location: String
    public let path: String

    public init(location: String, path: String) {
        self.location = location
        self.path = path
    }

    /// `path` on this machine, `location:path` on a server (how `termind cp` spells it).
    public var description: String { location == "local" ? path : "\(location):\(path)" }
}
