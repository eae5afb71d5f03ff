/// How far one file is, with what a rate needs: bytes sent this run over the time it took.
public struct TransferProgress: Sendable, Equatable {
    /// Bytes of the file at the destination and acknowledged, resumed prefix included.
    public let bytesDone: UInt64
    public let totalBytes: UInt64
    /// Bytes read and written this run.
    public let bytesSent: UInt64
    /// Since this run of the file started.
    public let elapsed: Duration

    public init(bytesDone: UInt64, totalBytes: UInt64, bytesSent: UInt64, elapsed: Duration) {
        self.bytesDone = bytesDone
        self.totalBytes = totalBytes
        self.bytesSent = bytesSent
        self.elapsed = elapsed
    }

    /// Bytes per second this run; nil before any time has passed.
    public var bytesPerSecond: Double? {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return seconds > 0 ? Double(bytesSent) / seconds : nil
    }
}
