import Foundation

/// A Workspace Template: a label and a layout. Opening it connects each pane; a Host that no
/// longer exists restores as an empty pane.
public struct Template: Sendable, Hashable, Codable, Identifiable {
    public let id: UUID
    public var label: Label
    public var layout: TemplateLayout

    public init(id: UUID = UUID(), label: Label, layout: TemplateLayout) {
        self.id = id
        self.label = label
        self.layout = layout
    }
}
