import TermindDomain

/// One entry of a Batch and what became of it.
public struct TransferFileReport: Sendable {
    public let id: TransferID
    public let kind: FileKind
    public let source: TransferAddress
    /// Where it went (or was to go): the free name for *Keep both*.
    public let destination: TransferAddress
    public let outcome: TransferOutcome

    public init(id: TransferID, kind: FileKind, source: TransferAddress, destination: TransferAddress, outcome: TransferOutcome) {
        self.id = id
        self.kind = kind
        self.source = source
        self.destination = destination
        self.outcome = outcome
    }
}
