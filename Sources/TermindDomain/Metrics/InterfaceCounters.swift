/// One interface's line of `/proc/net/dev`: bytes received and sent since it came up.
public struct InterfaceCounters: Sendable, Equatable {
    public let name: String
    public let received: UInt64
    public let sent: UInt64

    public init(name: String, received: UInt64, sent: UInt64) {
        self.name = name
        self.received = received
        self.sent = sent
    }

    /// `  eth0: 29650412 830 0 0 0 0 0 0 46024 535 ...` (old kernels glue the first number to
    /// the colon: `eth0:29650412`). nil for a header or a malformed line.
    public static func parse(_ line: Substring) -> InterfaceCounters? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let name = line[..<colon].trimmingSpaces
        let fields = MetricCounter.fields(line[line.index(after: colon)...])
        guard !name.isEmpty, fields.count >= 16,
              let received = MetricCounter.parse(fields[0]), let sent = MetricCounter.parse(fields[8])
        else { return nil }
        return InterfaceCounters(name: MetricCounter.name(name), received: received, sent: sent)
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
