/// Partial-transfer records kept for the life of the process: for a browser pane's queue when
/// nothing is configured, and for tests (`saveCount` shows the periodic saves).
public actor InMemoryPartialTransferStore: PartialTransferStore {
    public private(set) var records: [TransferAddress: PartialTransferRecord] = [:]
    public private(set) var saveCount = 0

    public init(_ records: [PartialTransferRecord] = []) {
        for record in records { self.records[record.destination] = record }
    }

    public func load(destination: TransferAddress) -> PartialTransferRecord? { records[destination] }

    public func save(_ record: PartialTransferRecord) {
        records[record.destination] = record
        saveCount += 1
    }

    public func remove(destination: TransferAddress) { records[destination] = nil }
}
