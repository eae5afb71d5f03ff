/// A partial file left at the destination: where it is and how many of its bytes are verified
/// (what a resume keeps).
public struct PartialFile: Sendable, Equatable, CustomStringConvertible {
    public let address: TransferAddress
    public let bytesKept: UInt64

    public init(address: TransferAddress, bytesKept: UInt64) {
        self.address = address
        self.bytesKept = bytesKept
    }

    public var description: String { "\(address) (\(bytesKept) bytes kept)" }
}
