import Foundation

/// A named script to type into panes or run with `termind exec` on Hosts.
public struct Snippet: Sendable, Hashable, Codable, Identifiable {
    public let id: UUID
    public var label: Label
    public var script: String
    public var tags: [String]

    public init(id: UUID = UUID(), label: Label, script: String, tags: [String] = []) {
        self.id = id
        self.label = label
        self.script = script
        self.tags = tags
    }
}
