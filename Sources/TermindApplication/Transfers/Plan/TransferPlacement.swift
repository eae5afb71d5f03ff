import Foundation

/// Where each source of a Batch lands, as the run that first planned it decided. `cp -r many
/// web:new` makes `new` when it is missing; the same command run again with `--resume` would
/// otherwise copy into it (`new/many`). Kept with the partial-transfer records until the Batch
/// finishes, and followed by a resume of the same sources and destination.
public struct TransferPlacement: Sendable, Codable, Equatable {
    public static let currentVersion = 1

    public var version: Int
    public var sources: [TransferAddress]
    public var destination: TransferAddress
    /// The destination path of each source, in order.
    public var targets: [String]
    public var savedAt: Date

    public init(sources: [TransferAddress], destination: TransferAddress, targets: [String], savedAt: Date = Date()) {
        version = Self.currentVersion
        self.sources = sources
        self.destination = destination
        self.targets = targets
        self.savedAt = savedAt
    }

    /// Whether this placement was made for the same sources into the same destination.
    public func isFor(sources: [TransferAddress], destination: TransferAddress) -> Bool {
        version == Self.currentVersion && self.sources == sources && self.destination == destination
            && targets.count == sources.count
    }
}
