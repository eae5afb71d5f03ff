/// Reads one sample of the sampler script's output (`Resources/metrics/sampler.sh`): after its
/// `sample TICKS PAGESIZE` marker, each section's lines after the section's marker, a marker
/// being a line `@@BOUNDARY NAME` with the run's boundary, which no process on the server can
/// know. Any other line is data, whatever it looks like: a process named `@@end` is only a
/// name. A sample whose frame is wrong (text outside a section, a section unknown, repeated or
/// missing) or without uptime and the aggregate cpu line is no sample: the error says why.
/// Within a section, an entry that is missing or malformed is left out, an entry at a time.
/// Every list is cut at `MetricsSample.Bounds`.
public struct MetricsSampleParser: Sendable {
    /// The sections every sample has, in the script's order; `df` only when file systems are read.
    public static let requiredSections: [Substring] = ["uptime", "stat", "meminfo", "loadavg", "netdev", "diskstats", "physical", "procs"]
    private static let optionalSections: Set<Substring> = ["df"]

    private let marker: String

    public init(boundary: String) {
        marker = "@@" + boundary + " "
    }

    /// The name after the marker when `line` is one of this run's markers; nil for data.
    public func marker(in line: Substring) -> Substring? {
        line.hasPrefix(marker) ? line.dropFirst(marker.count) : nil
    }

    /// `header` is the `sample TICKS PAGESIZE` marker's name; `lines` the lines up to the `end` marker.
    public func parse(header: Substring, lines: [Substring]) throws(MetricsParseError) -> MetricsSample {
        var sections: [Substring: [Substring]] = [:]
        var current: Substring?
        for line in lines {
            if let name = marker(in: line) {
                guard Self.requiredSections.contains(name) || Self.optionalSections.contains(name) else {
                    throw MetricsParseError("the server's metrics sample has a section termind does not know")
                }
                guard sections[name] == nil else { throw MetricsParseError("the server's metrics sample has its \(name) section twice") }
                sections[name] = []
                current = name
            } else if let name = current {
                if sections[name]!.count < 4096 { sections[name]!.append(line) }
            } else {
                throw MetricsParseError("the server's metrics sample has text before its first section")
            }
        }
        if let missing = Self.requiredSections.first(where: { sections[$0] == nil }) {
            throw MetricsParseError("the server's metrics sample has no \(missing) section")
        }
        let clock = MetricCounter.fields(header).dropFirst()
        let ticks = clock.first.flatMap(MetricCounter.parse).flatMap { (1...100_000).contains($0) ? $0 : nil } ?? 100
        let page = clock.dropFirst().first.flatMap(MetricCounter.parse).flatMap { (512...(1 << 24)).contains($0) ? $0 : nil } ?? 4096

        guard let uptimeLine = sections["uptime"]?.first, let uptimeField = MetricCounter.fields(uptimeLine).first,
              let uptime = MetricCounter.decimal(uptimeField, limit: 1e11)
        else { throw .missing("uptime (/proc/uptime)") }
        let cpuLines = (sections["stat"] ?? []).compactMap(CPUTimes.parse)
        guard let cpu = cpuLines.first(where: { $0.core == nil }) else { throw .missing("cpu line (/proc/stat)") }
        let cores = Array(cpuLines.filter { $0.core != nil }.prefix(MetricsSample.Bounds.cores))

        return MetricsSample(
            uptime: uptime, ticksPerSecond: ticks, pageSize: page, cpu: cpu, cores: cores,
            memory: MemoryInfo.parse(sections["meminfo"] ?? []),
            load: sections["loadavg"]?.first.flatMap(LoadAverage.parse),
            interfaces: Array((sections["netdev"] ?? []).compactMap(InterfaceCounters.parse).prefix(MetricsSample.Bounds.interfaces)),
            physicalInterfaces: sections["physical"].map { Set($0.prefix(MetricsSample.Bounds.interfaces).map { MetricCounter.name($0.trimmingSpaces) }) },
            disks: Array((sections["diskstats"] ?? []).compactMap(DiskCounters.parse).prefix(MetricsSample.Bounds.disks)),
            filesystems: sections["df"].map { Array($0.compactMap(FilesystemUsage.parse).prefix(MetricsSample.Bounds.filesystems)) },
            processes: Array((sections["procs"] ?? []).compactMap(ProcessSample.parse).prefix(MetricsSample.Bounds.processes)))
    }
}
