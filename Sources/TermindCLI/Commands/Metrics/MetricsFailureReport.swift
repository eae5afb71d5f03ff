/// `termind metrics --json` when the sampler failed (a sample that does not parse, a server
/// without `/proc`, a sampler that ended): the Host and why, in place of a report.
struct MetricsFailureReport: Encodable {
    let host: String
    let failed: String
}
