import TermindDomain

/// A destination that already exists, as the person is asked about it.
public struct TransferConflict: Sendable, Equatable {
    public let source: TransferAddress
    public let sourceAttributes: FileAttributes
    public let destination: TransferAddress
    /// What is there now (a file, a directory in the way of a file, ...).
    public let existing: FileAttributes

    public init(source: TransferAddress, sourceAttributes: FileAttributes, destination: TransferAddress, existing: FileAttributes) {
        self.source = source
        self.sourceAttributes = sourceAttributes
        self.destination = destination
        self.existing = existing
    }
}
