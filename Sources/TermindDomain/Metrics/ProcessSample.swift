/// One of the busiest processes as the sampler script reports it: `PID STARTTIME TICKS RSS NAME`,
/// the clock ticks it used since the last sample and its resident pages. A process is PID and
/// start time together, so a reused PID is another process. Its name is the kernel's `comm`
/// (at most 15 bytes there, 64 here), which its process sets to any bytes it likes: the script
/// escapes a newline as `\n` and a backslash as `\\`, so it stays on its line. Arguments and
/// environment are never collected.
public struct ProcessSample: Sendable, Equatable {
    public let pid: Int
    public let startTime: UInt64
    public let ticks: UInt64
    public let residentPages: UInt64
    public let name: String

    public init(pid: Int, startTime: UInt64, ticks: UInt64, residentPages: UInt64, name: String) {
        self.pid = pid
        self.startTime = startTime
        self.ticks = ticks
        self.residentPages = residentPages
        self.name = name
    }

    public static func parse(_ line: Substring) -> ProcessSample? {
        // The name is the rest of the line after four fields: it may hold spaces.
        var rest = line
        var numbers: [UInt64] = []
        for _ in 0..<4 {
            guard let space = rest.firstIndex(of: " ") else { return nil }
            guard let value = MetricCounter.parse(rest[..<space]) else { return nil }
            numbers.append(value)
            rest = rest[rest.index(after: space)...]
        }
        guard numbers[0] > 0, numbers[0] <= 1 << 31, let name = unescaped(rest) else { return nil }
        return ProcessSample(
            pid: Int(numbers[0]), startTime: numbers[1], ticks: numbers[2], residentPages: numbers[3],
            name: MetricCounter.name(name))
    }

    /// The name as the process set it; nil when an escape is not the script's (a broken line).
    private static func unescaped(_ escaped: Substring) -> Substring? {
        guard escaped.contains("\\") else { return escaped }
        var name = ""
        var rest = escaped.unicodeScalars[...]
        while let scalar = rest.popFirst() {
            guard scalar == "\\" else {
                name.unicodeScalars.append(scalar)
                continue
            }
            switch rest.popFirst() {
            case "\\": name.append("\\")
            case "n": name.append("\n")
            default: return nil
            }
        }
        return Substring(name)
    }
}
