/// Where partial-transfer records live between runs (JSON files under the XDG state
/// directory; in memory in tests and when nothing should outlive the process). One record per
/// destination: saving replaces it.
public protocol PartialTransferStore: Sendable {
    /// The record for a destination, nil when there is none (or it cannot be read as one).
    func load(destination: TransferAddress) async throws -> PartialTransferRecord?
    func save(_ record: PartialTransferRecord) async throws
    /// Forgets the record for a destination; nothing happens when there is none.
    func remove(destination: TransferAddress) async throws
    /// Claims a destination for one writer among the Termind processes sharing this store,
    /// until the claim is released or the process ends: nil when another holds it, unless
    /// `wait` (then it waits for it).
    func claim(destination: TransferAddress, wait: Bool) async throws -> (any TransferClaim)?
    /// The placement saved for these sources into this destination, nil when there is none.
    func loadPlacement(sources: [TransferAddress], destination: TransferAddress) async throws -> TransferPlacement?
    /// Saves a Batch's placement, replacing one for the same sources and destination.
    func savePlacement(_ placement: TransferPlacement) async throws
    /// Forgets the placement of these sources into this destination.
    func removePlacement(sources: [TransferAddress], destination: TransferAddress) async throws
}
