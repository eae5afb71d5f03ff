/// The metrics sampler's output as tests write it: each line `@@NAME` (`@@sample 100 4096`,
/// `@@uptime`, `@@end`...) becomes the run's marker `@@BOUNDARY NAME`; every other line is
/// data, as it would be from the server.
public enum MetricsSamplerText {
    /// The tests' boundary, where a test does not read the one termind made.
    public static let boundary = "5f0c2e9b7a4d4c1e8b3a6d2f9e1c7a40"

    public static func framed(_ text: String, boundary: String = Self.boundary) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("@@") ? "@@\(boundary) " + line.dropFirst(2) : line
        }.joined(separator: "\n")
    }
}
