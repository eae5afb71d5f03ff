/// Reads one sample's text, the lines the sampler script (`Resources/metrics/sampler.sh`)
/// prints between `@@sample TICKS PAGESIZE` and `@@end`, each section after its `@@name`
/// line. Required: uptime and the aggregate cpu line; anything else that is missing or
/// malformed is left out, an entry at a time. Every list is cut at `MetricsSample.Bounds`.
public enum MetricsSampleParser {
    public static func parse(header: Substring, lines: [Substring]) throws(MetricsParseError) -> MetricsSample {
        var sections: [Substring: [Substring]] = [:]
        var current: Substring?
        for line in lines {
            if line.hasPrefix("@@") {
                current = line.dropFirst(2)
                if sections[current!] == nil { sections[current!] = [] }
            } else if let name = current, sections[name]!.count < 4096 {
                sections[name]!.append(line)
            }
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
