import TermindApplication

// The workbench's transfer queue lists, at start, what `termind cp --list-partials` lists.

extension PartialTransferFiles: PartialTransferListing {
    /// The readable records, oldest first (placements, lock files and unreadable files are
    /// `--list-partials`' and `--prune-partials`' business).
    public func interruptedTransfers() async throws -> [PartialTransferRecord] {
        try storedRecords().compactMap(\.record)
    }
}
