/// The partial-transfer records earlier runs left (what `termind cp --list-partials` lists),
/// for the transfer queue to show as interrupted at start.
public protocol PartialTransferListing: Sendable {
    func interruptedTransfers() async throws -> [PartialTransferRecord]
}
