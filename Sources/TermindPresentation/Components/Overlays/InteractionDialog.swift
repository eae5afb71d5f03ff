import Foundation
import TermindApplication
import TermindDomain

/// The form of the interaction on screen: what the person has typed into each field, which
/// field or button has focus. Answers live here only until they are sent, and are never kept.
/// A plain value owned by the workbench.
struct InteractionDialog {
    /// One text field: the server's prompt, whether the answer may be shown, and the answer.
    struct Field {
        let prompt: String
        let echo: Bool
        let answer = AnswerBuffer()
    }

    /// What the keys did.
    enum Outcome: Equatable {
        case editing
        case answered(InteractionAnswer)
        case cancelled
    }

    let interaction: Interaction
    /// "web, pane 2 of Workspace 1": who asks.
    let origin: String
    var fields: [Field]
    var focusedField = 0
    /// For a host key: 0 Trust once, 1 Trust and save, 2 Reject.
    var selectedButton = 0

    static let hostKeyButtons = ["Trust once", "Trust and save", "Reject"]

    init(_ interaction: Interaction, origin: String) {
        self.interaction = interaction
        self.origin = origin
        switch interaction.request {
        case .hostKey:
            fields = []
        case .keyboardInteractive(let round):
            // The server's words, escaped where they hold controls (`TerminalSafeText`).
            fields = round.prompts.map { Field(prompt: TerminalSafeText($0.text).text, echo: $0.echo) }
        case .passphrase(let keyLabel):
            fields = [Field(prompt: "Passphrase for Key '\(TerminalSafeText(keyLabel).text)':", echo: false)]
        case .password(let username):
            fields = [Field(prompt: "Password for \(TerminalSafeText(username).text):", echo: false)]
        }
    }

    /// The dialog's title line.
    var title: String {
        switch interaction.request {
        case .hostKey: "Unknown host key"
        case .keyboardInteractive(let round): round.name.isEmpty ? "The server asks" : TerminalSafeText(round.name).text
        case .passphrase: "Key passphrase"
        case .password: "Password"
        }
    }

    // MARK: - Keys

    mutating func handle(_ press: KeyPress) -> Outcome {
        if press.key == .escape { return .cancelled }
        if case .hostKey = interaction.request { return handleHostKey(press) }
        switch press.key {
        case .enter:
            if focusedField + 1 < fields.count {
                focusedField += 1
                return .editing
            }
            return .answered(answer)
        case .tab where press.modifiers.contains(.shift):
            focusedField = max(0, focusedField - 1)
        case .up:
            focusedField = max(0, focusedField - 1)
        case .tab, .down:
            focusedField = min(max(0, fields.count - 1), focusedField + 1)
        case .backspace:
            if !fields.isEmpty { fields[focusedField].answer.removeLast() }
        case .character("u") where press.modifiers == .control:
            if !fields.isEmpty { fields[focusedField].answer.clear() }
        default:
            if let character = press.typedCharacter, !fields.isEmpty {
                fields[focusedField].answer.append(String(character))
            }
        }
        return .editing
    }

    /// A paste goes into the focused field, up to its first line break.
    mutating func paste(_ bytes: [UInt8]) {
        guard !fields.isEmpty else { return }
        let text = String(decoding: bytes, as: UTF8.self)
        let line = text.prefix { $0 != "\n" && $0 != "\r" }
        fields[focusedField].answer.append(line.filter { !CellBuffer.isControl($0) })
    }

    private mutating func handleHostKey(_ press: KeyPress) -> Outcome {
        let decisions: [HostKeyDecision] = [.trustOnce, .trustAndSave, .reject]
        switch press.key {
        case .tab where press.modifiers.contains(.shift):
            selectedButton = (selectedButton + 2) % 3
        case .left:
            selectedButton = (selectedButton + 2) % 3
        case .right, .tab:
            selectedButton = (selectedButton + 1) % 3
        case .enter:
            return .answered(.hostKey(decisions[selectedButton]))
        case .character(let character) where press.modifiers.isEmpty:
            switch character.lowercased() {
            case "o": return .answered(.hostKey(.trustOnce))
            case "s", "t": return .answered(.hostKey(.trustAndSave))
            case "r", "n": return .answered(.hostKey(.reject))
            default: break
            }
        default:
            break
        }
        return .editing
    }

    private var answer: InteractionAnswer {
        switch interaction.request {
        case .keyboardInteractive: .responses(fields.map(\.answer.secret))
        case .passphrase, .password: .secret(fields.first?.answer.secret ?? Secret(""))
        case .hostKey: .hostKey(.reject)
        }
    }
}
