import Foundation

/// A known_hosts record the import proposes, with the file and line it comes from. A record that
/// would hide a key the Vault already trusts differently is a conflict: import never clears a
/// mismatch.
public struct ImportKnownHostItem: Sendable, Equatable {
    public internal(set) var index: Int = 0
    public let record: KnownHost
    public let location: ImportLocation
    public internal(set) var status: ImportStatus

    public init(record: KnownHost, location: ImportLocation) {
        self.record = record
        self.location = location
        status = .new
    }

    public var isHashed: Bool { record.pattern.hasPrefix("|") }
}
