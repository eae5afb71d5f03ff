/// What one connection attempt shares with the rest of the program: the interaction queue,
/// the host-key trust policy, its generation (a retired attempt's callbacks and answers are
/// ignored), and the network timeouts (time spent waiting for the person never counts).
public struct ConnectionContext: Sendable {
    public let interactions: InteractionQueue
    public let trust: any HostKeyVerifier
    public let generation: AttemptGeneration
    public let connectTimeout: Duration
    public let ioTimeout: Duration
    /// Seconds between keepalives; 0 turns them off.
    public let keepaliveInterval: Int

    public init(
        interactions: InteractionQueue, trust: any HostKeyVerifier, generation: AttemptGeneration = .next(),
        connectTimeout: Duration = .seconds(15), ioTimeout: Duration = .seconds(30), keepaliveInterval: Int = 30
    ) {
        self.interactions = interactions
        self.trust = trust
        self.generation = generation
        self.connectTimeout = connectTimeout
        self.ioTimeout = ioTimeout
        self.keepaliveInterval = keepaliveInterval
    }
}
