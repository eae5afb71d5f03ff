/// Cuts the sampler's byte stream into samples: lines of at most `Bounds.lineBytes` (the rest
/// of a longer line is dropped), samples of at most `Bounds.sampleBytes` (a server sending
/// more, or that much text outside any sample, is refused). A value type fed chunk by chunk.
public struct MetricsStream: Sendable {
    private var line: [UInt8] = []
    private var lineOverflowed = false
    private var header: Substring?
    private var lines: [Substring] = []
    private var bytesSinceSample = 0

    public init() {}

    public mutating func feed(_ bytes: some Sequence<UInt8>) throws(MetricsParseError) -> [MetricsStreamEvent] {
        var events: [MetricsStreamEvent] = []
        for byte in bytes {
            bytesSinceSample += 1
            if bytesSinceSample > MetricsSample.Bounds.sampleBytes {
                throw MetricsParseError("the server sent more than \(MetricsSample.Bounds.sampleBytes / 1024) KiB for one metrics sample")
            }
            if byte == 0x0A {
                if let event = try finishLine() { events.append(event) }
            } else if line.count < MetricsSample.Bounds.lineBytes {
                line.append(byte)
            } else {
                lineOverflowed = true
            }
        }
        return events
    }

    private mutating func finishLine() throws(MetricsParseError) -> MetricsStreamEvent? {
        let text = Substring(String(decoding: line, as: UTF8.self))
        line.removeAll(keepingCapacity: true)
        defer { lineOverflowed = false }
        if text == "@@unavailable" { return .unavailable }
        if text.hasPrefix("@@sample") {
            header = text
            lines = []
            bytesSinceSample = 0
            return nil
        }
        guard let header else { return nil }
        if text == "@@end" {
            self.header = nil
            let sample = try MetricsSampleParser.parse(header: header, lines: lines)
            lines = []
            bytesSinceSample = 0
            return .sample(sample)
        }
        // A cut line is no longer what the server meant: it is left out, not misread.
        if !lineOverflowed { lines.append(text) }
        return nil
    }
}
