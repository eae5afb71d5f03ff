/// A server's figures between two samples: percentages and rates over the time the server's
/// own uptime says passed between them (never when the bytes arrived here, which the network
/// delays), plus the levels of the later sample.
public struct ServerMetrics: Sendable, Equatable {
    public struct Core: Sendable, Equatable {
        public let core: Int
        public let percent: Double
    }
    public struct Interface: Sendable, Equatable {
        public let name: String
        public let receivedPerSecond: Double
        public let sentPerSecond: Double
    }
    public struct Disk: Sendable, Equatable {
        public let device: String
        public let readPerSecond: Double
        public let writtenPerSecond: Double
    }
    public struct Process: Sendable, Equatable {
        public let pid: Int
        public let startTime: UInt64
        public let name: String
        /// Percent of one core over the interval.
        public let cpuPercent: Double
        /// Resident bytes.
        public let memory: UInt64
    }

    public let uptime: Double
    /// Seconds of server time between the two samples.
    public let interval: Double
    public let cpuPercent: Double
    public let cores: [Core]
    public let memory: MemoryInfo?
    public let load: LoadAverage?
    public let network: [Interface]
    public let disks: [Disk]
    public let filesystems: [FilesystemUsage]?
    public let processes: [Process]

    /// nil when the server's uptime did not move forward (a reboot between the samples, or a
    /// clock that lies): no rate can be told then, and the next pair will.
    public static func between(
        _ previous: MetricsSample, _ current: MetricsSample, allInterfaces: Bool = false
    ) -> ServerMetrics? {
        let interval = current.uptime - previous.uptime
        guard interval > 0.001 else { return nil }
        func rate(_ from: UInt64, _ to: UInt64) -> Double { Double(MetricCounter.growth(from: from, to: to)) / interval }

        let earlierCores = Dictionary(previous.cores.map { ($0.core ?? -1, $0) }, uniquingKeysWith: { first, _ in first })
        let cores = current.cores.compactMap { times -> Core? in
            guard let core = times.core, let before = earlierCores[core] else { return nil }
            return Core(core: core, percent: CPUTimes.percent(from: before, to: times))
        }
        let earlierInterfaces = Dictionary(previous.interfaces.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let network = current.interfaces.compactMap { counters -> Interface? in
            guard allInterfaces || NetworkInterfaceKind.isPhysical(counters.name, physical: current.physicalInterfaces),
                  let before = earlierInterfaces[counters.name] else { return nil }
            return Interface(name: counters.name, receivedPerSecond: rate(before.received, counters.received),
                             sentPerSecond: rate(before.sent, counters.sent))
        }
        let earlierDisks = Dictionary(previous.disks.map { ($0.device, $0) }, uniquingKeysWith: { first, _ in first })
        let disks = current.disks.compactMap { counters -> Disk? in
            guard let before = earlierDisks[counters.device] else { return nil }
            return Disk(device: counters.device, readPerSecond: rate(before.readBytes, counters.readBytes),
                        writtenPerSecond: rate(before.writtenBytes, counters.writtenBytes))
        }
        // The script reports each process's ticks since its previous sample already.
        let tickSeconds = Double(current.ticksPerSecond) * interval
        let processes = current.processes.prefix(MetricsSample.Bounds.processes).map { process in
            let (memory, overflow) = process.residentPages.multipliedReportingOverflow(by: current.pageSize)
            return Process(
                pid: process.pid, startTime: process.startTime, name: process.name,
                cpuPercent: Double(process.ticks) / tickSeconds * 100, memory: overflow ? UInt64.max : memory)
        }
        return ServerMetrics(
            uptime: current.uptime, interval: interval, cpuPercent: CPUTimes.percent(from: previous.cpu, to: current.cpu),
            cores: cores, memory: current.memory, load: current.load, network: network, disks: disks,
            filesystems: current.filesystems?.filter(\.isStorage), processes: Array(processes))
    }
}
