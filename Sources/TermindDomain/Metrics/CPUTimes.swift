/// One `cpu` or `cpuN` line of `/proc/stat`, in clock ticks. Kernels before 2.6.11 have no
/// steal, before 2.6.24 no guest: missing trailing columns read as zero. Guest time is already
/// inside user time, so it is not added again.
public struct CPUTimes: Sendable, Equatable {
    /// nil for the aggregate `cpu` line, the core's number for `cpuN`.
    public let core: Int?
    public let busy: UInt64
    public let total: UInt64

    public init(core: Int?, busy: UInt64, total: UInt64) {
        self.core = core
        self.busy = busy
        self.total = total
    }

    /// nil when the line is not a well-formed cpu line (fewer than the four columns every
    /// kernel has, or a column that is no counter).
    public static func parse(_ line: Substring) -> CPUTimes? {
        let fields = MetricCounter.fields(line)
        guard fields.count >= 5, fields[0].hasPrefix("cpu") else { return nil }
        let suffix = fields[0].dropFirst(3)
        var core: Int?
        if !suffix.isEmpty {
            guard suffix.count <= 5, let number = MetricCounter.parse(suffix) else { return nil }
            core = Int(number)
        }
        // user nice system idle iowait irq softirq steal (guest guest_nice ignored).
        var columns: [UInt64] = []
        for field in fields.dropFirst().prefix(8) {
            guard let value = MetricCounter.parse(field) else { return nil }
            columns.append(value)
        }
        while columns.count < 8 { columns.append(0) }
        var total: UInt64 = 0
        for value in columns {
            let (sum, overflow) = total.addingReportingOverflow(value)
            guard !overflow else { return nil }
            total = sum
        }
        let idle = columns[3] + min(columns[4], total - columns[3])
        return CPUTimes(core: core, busy: total - idle, total: total)
    }

    /// The share of the interval this CPU was busy, in percent (0...100).
    public static func percent(from previous: CPUTimes, to current: CPUTimes) -> Double {
        let total = MetricCounter.growth(from: previous.total, to: current.total)
        guard total > 0 else { return 0 }
        let busy = min(MetricCounter.growth(from: previous.busy, to: current.busy), total)
        return Double(busy) / Double(total) * 100
    }
}
