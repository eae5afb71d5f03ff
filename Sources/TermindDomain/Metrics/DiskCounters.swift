/// One device's line of `/proc/diskstats`, as bytes read and written (sectors of 512 bytes,
/// whatever the device's own sector size). Kernels print 14 fields, 18 since 4.18 and 20
/// since 5.5; only the first ten matter here.
public struct DiskCounters: Sendable, Equatable {
    public let device: String
    public let readBytes: UInt64
    public let writtenBytes: UInt64

    public init(device: String, readBytes: UInt64, writtenBytes: UInt64) {
        self.device = device
        self.readBytes = readBytes
        self.writtenBytes = writtenBytes
    }

    public static func parse(_ line: Substring) -> DiskCounters? {
        let fields = MetricCounter.fields(line)
        guard fields.count >= 14,
              let readSectors = MetricCounter.parse(fields[5]), let writtenSectors = MetricCounter.parse(fields[9]),
              readSectors <= UInt64.max / 512, writtenSectors <= UInt64.max / 512
        else { return nil }
        return DiskCounters(device: MetricCounter.name(fields[2]), readBytes: readSectors * 512, writtenBytes: writtenSectors * 512)
    }
}
