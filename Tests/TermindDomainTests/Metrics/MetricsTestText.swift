import TermindDomain
import TermindTestSupport

/// Sampler output for the Domain's tests, written as the script's sections (`@@uptime`...): each
/// sample gets the sections every sample has and the test leaves out (empty, before its end),
/// then is framed with the tests' boundary. A test writes only the sections it is about.
enum MetricsTestText {
    static func framed(_ text: String) -> String {
        var lines: [Substring] = []
        var present: Set<Substring> = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("@@sample") { present = [] }
            if line == "@@end" {
                lines += MetricsSampleParser.requiredSections.filter { !present.contains($0) }.map { "@@" + $0 }
            } else if line.hasPrefix("@@") {
                present.insert(line.dropFirst(2))
            }
            lines.append(line)
        }
        return MetricsSamplerText.framed(lines.joined(separator: "\n"))
    }

    /// A stream reading the tests' boundary.
    static func stream() -> MetricsStream { MetricsStream(boundary: MetricsSamplerText.boundary) }

    /// The events of `text`, framed.
    static func events(_ text: String) throws -> [MetricsStreamEvent] {
        var stream = stream()
        return try stream.feed(Array(framed(text).utf8))
    }
}
