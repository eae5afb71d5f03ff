/// A file transfer beginning (or resuming) its bytes.
public struct TransferStart: Sendable, Equatable {
    public let source: TransferAddress
    public let destination: TransferAddress
    public let totalBytes: UInt64
    /// The verified prefix it continues from (0 for a fresh copy).
    public let resumingFrom: UInt64

    public init(source: TransferAddress, destination: TransferAddress, totalBytes: UInt64, resumingFrom: UInt64) {
        self.source = source
        self.destination = destination
        self.totalBytes = totalBytes
        self.resumingFrom = resumingFrom
    }
}
