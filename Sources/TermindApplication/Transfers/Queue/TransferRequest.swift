/// A copy the workbench is asked for (a browser selection given to the other side of a split,
/// a download to the local side): files and directories on one side into a directory on the
/// other. It runs as one Batch of the transfer queue, directories copied whole, conflicts asked.
public struct TransferRequest: Sendable, Equatable {
    public var source: TransferSide
    /// Paths on the source side (files or directories).
    public var paths: [String]
    public var destination: TransferSide
    /// The directory on the destination side that receives each path under its own name.
    public var directory: String

    public init(source: TransferSide, paths: [String], destination: TransferSide, directory: String) {
        self.source = source
        self.paths = paths
        self.destination = destination
        self.directory = directory
    }
}
