/// Cuts the sampler's byte stream into samples, framed by the run's boundary
/// (`MetricsSampleParser`): lines of at most `Bounds.lineBytes` (the rest of a longer line is
/// dropped), samples of at most `Bounds.sampleBytes` (a server sending more, or that much text
/// outside any sample, is refused). Text outside a sample is ignored; a sample that does not
/// parse, begins inside another or ends without beginning is an error, never a sample of
/// zeros. A value type fed chunk by chunk.
public struct MetricsStream: Sendable {
    private let parser: MetricsSampleParser
    private var line: [UInt8] = []
    private var lineOverflowed = false
    private var header: Substring?
    private var lines: [Substring] = []
    private var bytesSinceSample = 0

    /// `boundary`: the word this run's script was given, which only its markers hold.
    public init(boundary: String) {
        parser = MetricsSampleParser(boundary: boundary)
    }

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
        // A cut line is no longer what the server meant: it is left out, not misread.
        if lineOverflowed { return nil }
        guard let name = parser.marker(in: text) else {
            if header != nil { lines.append(text) }
            return nil
        }
        if name == "unavailable" { return .unavailable }
        if name == "sample" || name.hasPrefix("sample ") {
            guard header == nil else { throw MetricsParseError("the server's metrics sample ended before its end") }
            header = name
            lines = []
            bytesSinceSample = 0
            return nil
        }
        guard let header else { throw MetricsParseError("the server's metrics output has a section outside any sample") }
        if name == "end" {
            self.header = nil
            let sample = try parser.parse(header: header, lines: lines)
            lines = []
            bytesSinceSample = 0
            return .sample(sample)
        }
        lines.append(text)
        return nil
    }
}
