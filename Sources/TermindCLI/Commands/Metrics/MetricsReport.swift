import TermindDomain

/// `termind metrics --json`: one report of `ServerMetrics` in the README's field names. Rates
/// are bytes per second, sizes bytes, percentages 0-100 (a process's CPU is of one core).
struct MetricsReport: Encodable {
    struct CPU: Encodable {
        let percent: Double
        let perCore: [Double]
    }
    struct Memory: Encodable {
        let total: UInt64
        let available: UInt64
        let usedPercent: Double
    }
    struct Load: Encodable {
        let one: Double
        let five: Double
        let fifteen: Double
        enum CodingKeys: String, CodingKey {
            case one = "1", five = "5", fifteen = "15"
        }
    }
    struct Interface: Encodable {
        let interface: String
        let receivedBytesPerSecond: Double
        let sentBytesPerSecond: Double
    }
    struct Disk: Encodable {
        let device: String
        let readBytesPerSecond: Double
        let writtenBytesPerSecond: Double
    }
    struct Filesystem: Encodable {
        let mount: String
        let size: UInt64
        let used: UInt64
    }
    struct Process: Encodable {
        let pid: Int
        let name: String
        let cpu: Double
        let memory: UInt64
    }

    let host: String
    /// Seconds since the server booted.
    let uptime: Double
    /// Seconds of server time the rates are over.
    let interval: Double
    let cpu: CPU
    let memory: Memory?
    let load: Load?
    let network: [Interface]
    let disks: [Disk]
    let filesystems: [Filesystem]
    let processes: [Process]

    init(host: String, _ metrics: ServerMetrics) {
        self.host = host
        uptime = Self.rounded(metrics.uptime)
        interval = Self.rounded(metrics.interval)
        cpu = CPU(percent: Self.rounded(metrics.cpuPercent), perCore: metrics.cores.map { Self.rounded($0.percent) })
        memory = metrics.memory.map { Memory(total: $0.total, available: $0.available, usedPercent: Self.rounded($0.usedPercent)) }
        load = metrics.load.map { Load(one: $0.one, five: $0.five, fifteen: $0.fifteen) }
        network = metrics.network.map {
            Interface(interface: $0.name, receivedBytesPerSecond: Self.rounded($0.receivedPerSecond), sentBytesPerSecond: Self.rounded($0.sentPerSecond))
        }
        disks = metrics.disks.map {
            Disk(device: $0.device, readBytesPerSecond: Self.rounded($0.readPerSecond), writtenBytesPerSecond: Self.rounded($0.writtenPerSecond))
        }
        filesystems = (metrics.filesystems ?? []).map { Filesystem(mount: $0.mount, size: $0.size, used: $0.used) }
        processes = metrics.processes.map { Process(pid: $0.pid, name: $0.name, cpu: Self.rounded($0.cpuPercent), memory: $0.memory) }
    }

    /// Two decimals: more digits than that are noise in a rate.
    private static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}
