/// What `/proc/meminfo` says of memory, in bytes. Before Linux 3.14 there is no
/// `MemAvailable`: it is estimated as free + buffers + page cache, as `free` did.
public struct MemoryInfo: Sendable, Equatable {
    public let total: UInt64
    public let available: UInt64

    public init(total: UInt64, available: UInt64) {
        self.total = total
        self.available = min(available, total)
    }

    public var usedPercent: Double {
        total == 0 ? 0 : Double(total - available) / Double(total) * 100
    }

    /// nil without a usable `MemTotal`.
    public static func parse(_ lines: [Substring]) -> MemoryInfo? {
        var kilobytes: [Substring: UInt64] = [:]
        for line in lines {
            let fields = MetricCounter.fields(line)
            guard fields.count >= 2, fields[0].hasSuffix(":"), let value = MetricCounter.parse(fields[1]),
                  value <= UInt64.max / 1024 else { continue }
            kilobytes[fields[0].dropLast()] = value * 1024
        }
        guard let total = kilobytes["MemTotal"], total > 0 else { return nil }
        if let available = kilobytes["MemAvailable"] { return MemoryInfo(total: total, available: available) }
        let parts = [kilobytes["MemFree"], kilobytes["Buffers"], kilobytes["Cached"]].map { $0 ?? 0 }
        let estimate = parts.reduce(UInt64(0)) { $0.addingReportingOverflow($1).overflow ? UInt64.max : $0 + $1 }
        return MemoryInfo(total: total, available: estimate)
    }
}
