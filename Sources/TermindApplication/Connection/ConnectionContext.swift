/// What one connection attempt shares with the rest of the program: the interaction queue,
/// the host-key trust policy, its generation (a retired attempt's callbacks and answers are
/// ignored), and the network timeouts (time spent waiting for the person never counts).
/// `requestTimeout` bounds each request of a file system opened on the connection (SFTP):
/// measured from when the request was sent to its answer (`--io-timeout`).
public struct ConnectionContext: Sendable {
    public let interactions: InteractionQueue
    public let trust: any HostKeyVerifier
    public let generation: AttemptGeneration
    public let connectTimeout: Duration
    public let ioTimeout: Duration
    public let requestTimeout: Duration

    public init(
        interactions: InteractionQueue, trust: any HostKeyVerifier, generation: AttemptGeneration = .next(),
        connectTimeout: Duration = .seconds(15), ioTimeout: Duration = .seconds(30),
        requestTimeout: Duration = .seconds(60)
    ) {
        self.interactions = interactions
        self.trust = trust
        self.generation = generation
        self.connectTimeout = connectTimeout
        self.ioTimeout = ioTimeout
        self.requestTimeout = requestTimeout
    }
}
