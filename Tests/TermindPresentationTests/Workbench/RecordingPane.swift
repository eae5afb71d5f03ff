import TermindDomain
@testable import TermindPresentation

/// A pane kind for tests only: it records every event the workbench routes to it, answers each
/// with the effects the test scripted, and draws its number and how many events it has seen,
/// so a test sees what the workbench did by events alone.
@MainActor
final class RecordingPane: PaneComponent {
    let paneID: PaneID
    var hostLabel: String? = nil
    var isLive = false
    var isLost = false
    var acceptsPlainText = true
    var statusHint: String? = nil
    /// Every event, in order.
    private(set) var events: [PaneEvent] = []
    /// How many times it was drawn.
    private(set) var draws = 0
    /// What the next events (other than `.viewed`) answer, first to last; then nothing.
    var scriptedEffects: [[PaneEffect]] = []

    init(paneID: PaneID) { self.paneID = paneID }

    func update(_ event: PaneEvent) -> [PaneEffect] {
        events.append(event)
        if case .viewed = event { return [] }
        return scriptedEffects.isEmpty ? [] : scriptedEffects.removeFirst()
    }

    func draw(into buffer: inout CellBuffer, in rect: CellRect, context: PaneDrawContext) -> ScreenCursor? {
        draws += 1
        buffer.put("recording \(context.number)", column: rect.column, row: rect.row, style: WorkbenchTheme.text, clip: rect)
        return context.isFocused ? ScreenCursor(row: rect.row, column: rect.column) : nil
    }

    /// The events other than `.viewed` (which follows every routed event to the focused pane).
    var routed: [PaneEvent] { events.filter { if case .viewed = $0 { false } else { true } } }

    /// The sizes `.resized` gave it, in order.
    var sizes: [CellSize] { events.compactMap { if case .resized(let size) = $0 { size } else { nil } } }

    /// The keys routed to it, as text (typed runs and single key presses).
    var typedText: String {
        routed.map { event -> String in
            switch event {
            case .typed(let bytes): String(decoding: bytes, as: UTF8.self)
            case .key(let press): press.typedCharacter.map(String.init) ?? "<\(press.key)>"
            default: ""
            }
        }.joined()
    }
}
