/// One mounted file system from `df -P -k`, in bytes.
public struct FilesystemUsage: Sendable, Equatable {
    public let source: String
    public let mount: String
    public let size: UInt64
    public let used: UInt64

    public init(source: String, mount: String, size: UInt64, used: UInt64) {
        self.source = source
        self.mount = mount
        self.size = size
        self.used = min(used, size)
    }

    /// Memory-backed and kernel file systems, which say nothing about storage.
    static let pseudoSources: Set<String> = [
        "tmpfs", "devtmpfs", "udev", "none", "shm", "proc", "sysfs", "cgroup", "cgroup2", "run", "efivarfs",
    ]

    public var isStorage: Bool { size > 0 && !Self.pseudoSources.contains(source) }

    /// `SOURCE BLOCKS USED AVAILABLE CAPACITY% MOUNT`: the mount point is the rest of the line,
    /// so one with spaces survives; a source with spaces is found by the four figures after it.
    public static func parse(_ line: Substring) -> FilesystemUsage? {
        let fields = MetricCounter.fields(line)
        guard fields.count >= 6 else { return nil }
        for start in 1...(fields.count - 5) {
            guard let blocks = MetricCounter.parse(fields[start]), let used = MetricCounter.parse(fields[start + 1]),
                  MetricCounter.parse(fields[start + 2]) != nil, fields[start + 3].hasSuffix("%"),
                  blocks <= UInt64.max / 1024, used <= UInt64.max / 1024
            else { continue }
            let source = fields[..<start].joined(separator: " ")
            let mount = fields[(start + 4)...].joined(separator: " ")
            return FilesystemUsage(
                source: MetricCounter.name(Substring(source)), mount: MetricCounter.name(Substring(mount), limit: 256),
                size: blocks * 1024, used: used * 1024)
        }
        return nil
    }
}
