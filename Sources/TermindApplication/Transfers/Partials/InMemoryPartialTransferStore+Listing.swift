// Records kept in memory list like the files `termind cp` leaves (tests, a queue with no
// state directory).

extension InMemoryPartialTransferStore: PartialTransferListing {
    public func interruptedTransfers() -> [PartialTransferRecord] {
        records.values.sorted { $0.savedAt < $1.savedAt }
    }
}
