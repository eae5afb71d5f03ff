/// One sample of a server's counters, as parsed from the sampler's text (`MetricsSampleParser`):
/// cumulative figures, which become rates only beside an earlier sample (`ServerMetrics`).
public struct MetricsSample: Sendable, Equatable {
    /// Seconds since the server booted (`/proc/uptime`): the clock rates are measured by.
    public var uptime: Double
    public var ticksPerSecond: UInt64
    public var pageSize: UInt64
    /// The aggregate `cpu` line.
    public var cpu: CPUTimes
    /// `cpu0`, `cpu1`... in the order the kernel lists them, at most `Bounds.cores`.
    public var cores: [CPUTimes]
    public var memory: MemoryInfo?
    public var load: LoadAverage?
    public var interfaces: [InterfaceCounters]
    /// The interfaces with a device behind them (`/sys/class/net/*/device`); nil when the
    /// server did not say (then a rule by name decides: `NetworkInterfaceKind`).
    public var physicalInterfaces: Set<String>?
    public var disks: [DiskCounters]
    /// nil when file systems were not asked for.
    public var filesystems: [FilesystemUsage]?
    public var processes: [ProcessSample]

    public init(
        uptime: Double, ticksPerSecond: UInt64 = 100, pageSize: UInt64 = 4096, cpu: CPUTimes, cores: [CPUTimes] = [],
        memory: MemoryInfo? = nil, load: LoadAverage? = nil, interfaces: [InterfaceCounters] = [],
        physicalInterfaces: Set<String>? = nil, disks: [DiskCounters] = [], filesystems: [FilesystemUsage]? = nil,
        processes: [ProcessSample] = []
    ) {
        self.uptime = uptime
        self.ticksPerSecond = ticksPerSecond
        self.pageSize = pageSize
        self.cpu = cpu
        self.cores = cores
        self.memory = memory
        self.load = load
        self.interfaces = interfaces
        self.physicalInterfaces = physicalInterfaces
        self.disks = disks
        self.filesystems = filesystems
        self.processes = processes
    }

    /// How much of a server's text one sample may hold: enough for 512 cores and 64 of each
    /// list, never more, whatever the server sends.
    public enum Bounds {
        public static let cores = 512
        public static let interfaces = 64
        public static let disks = 64
        public static let filesystems = 64
        public static let processes = 20
        /// Bytes of one line; a longer one is cut there.
        public static let lineBytes = 1024
        /// Bytes of one sample's text; a server sending more is refused.
        public static let sampleBytes = 128 * 1024
    }
}
