/// What one forwarding listener has carried so far: the connections it has now and in all,
/// the bytes each way (seen from whoever connected to the listener: `sent` went towards the
/// target, `received` came back), and the last thing that went wrong with one of its
/// connections (a refused target, a SOCKS client's bad request).
public struct ForwardStatistics: Sendable, Equatable {
    public var openConnections = 0
    public var totalConnections = 0
    public var bytesSent: UInt64 = 0
    public var bytesReceived: UInt64 = 0
    public var lastError: String?
    /// How many times a connection could not be taken because this process had no file
    /// descriptor left (EMFILE, ENFILE): each time the listener paused a moment, the connection
    /// waiting in its backlog (for a remote rule, the channel was closed).
    public var descriptorShortages = 0

    public init(openConnections: Int = 0, totalConnections: Int = 0, bytesSent: UInt64 = 0, bytesReceived: UInt64 = 0,
                lastError: String? = nil, descriptorShortages: Int = 0) {
        self.openConnections = openConnections
        self.totalConnections = totalConnections
        self.bytesSent = bytesSent
        self.bytesReceived = bytesReceived
        self.lastError = lastError
        self.descriptorShortages = descriptorShortages
    }
}
