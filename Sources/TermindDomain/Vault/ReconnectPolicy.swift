/// Whether the workbench reconnects a Host's lost panes by itself (`auto`, with a growing wait
/// between attempts, when authenticating needs no person) or waits for the person (`manual`).
public enum ReconnectPolicy: String, Sendable, Hashable, Codable, CaseIterable {
    case auto
    case manual
}
