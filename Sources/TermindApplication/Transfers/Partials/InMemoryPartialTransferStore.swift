/// Partial-transfer records kept for the life of the process: for a browser pane's queue when
/// nothing is configured, and for tests (`saveCount` shows the periodic saves). Claims hold
/// within the process.
public actor InMemoryPartialTransferStore: PartialTransferStore {
    public private(set) var records: [TransferAddress: PartialTransferRecord] = [:]
    public private(set) var saveCount = 0
    private var claimed: Set<TransferAddress> = []

    public init(_ records: [PartialTransferRecord] = []) {
        for record in records { self.records[record.destination] = record }
    }

    public func load(destination: TransferAddress) -> PartialTransferRecord? { records[destination] }

    public func save(_ record: PartialTransferRecord) {
        records[record.destination] = record
        saveCount += 1
    }

    public func remove(destination: TransferAddress) { records[destination] = nil }

    public private(set) var placements: [TransferPlacement] = []

    public func loadPlacement(sources: [TransferAddress], destination: TransferAddress) -> TransferPlacement? {
        placements.first { $0.isFor(sources: sources, destination: destination) }
    }

    public func savePlacement(_ placement: TransferPlacement) {
        placements.removeAll { $0.isFor(sources: placement.sources, destination: placement.destination) }
        placements.append(placement)
    }

    public func removePlacement(sources: [TransferAddress], destination: TransferAddress) {
        placements.removeAll { $0.isFor(sources: sources, destination: destination) }
    }

    /// A wait tries again every few milliseconds, and ends when the task is cancelled.
    public func claim(destination: TransferAddress, wait: Bool) async throws -> (any TransferClaim)? {
        while claimed.contains(destination) {
            guard wait else { return nil }
            try await Task.sleep(for: .milliseconds(5))
        }
        claimed.insert(destination)
        return Claim(store: self, destination: destination)
    }

    /// Whether a transfer holds the destination now.
    public func isClaimed(_ destination: TransferAddress) -> Bool { claimed.contains(destination) }

    fileprivate func release(_ destination: TransferAddress) { claimed.remove(destination) }

    private struct Claim: TransferClaim {
        let store: InMemoryPartialTransferStore
        let destination: TransferAddress
        func release() async { await store.release(destination) }
    }
}
