import Foundation
import TermindApplication
import TermindDomain

/// The CLI's `InteractionPresenter`: asks on the controlling terminal (`/dev/tty`), the way
/// OpenSSH does, so prompts work while standard input and output are pipes.
///
/// - Host key: "The authenticity of host '…' can't be established." with the key type and
///   SHA256 fingerprint, then "(yes/once/no)": *yes* trusts and saves, *once* trusts this
///   attempt only, *no* (or end of input) rejects; anything else asks again. Typing the
///   fingerprint itself counts as *yes*, as in OpenSSH.
/// - Keyboard-interactive: the server's name and instruction (when not empty), then each prompt,
///   echoing the answer only where the server allows it. Server text is shown as
///   `TerminalSafeText` (control characters as octal escapes; the instruction keeps its line
///   breaks), so a server cannot drive the terminal.
/// - Passphrase: "Enter passphrase for key 'LABEL': "; password: "USER@HOST's password: ".
///
/// Without a terminal it throws `InteractionRequired` (the silent presenter's message). While
/// an answer is typed, echo is off where needed and always restored, also when the queue
/// withdraws the interaction (task cancellation wakes the waiting read at once). End of input
/// at a secret prompt is a cancellation. The queue calls it for one interaction at a time.
struct TerminalPresenter: InteractionPresenter {
    /// The terminal to open; tests may pass a pseudo-terminal's path.
    let terminalPath: String

    init(terminalPath: String = "/dev/tty") {
        self.terminalPath = terminalPath
    }

    func present(_ interaction: Interaction) async throws -> InteractionAnswer {
        guard let terminal = Console(path: terminalPath) else {
            return try await SilentPresenter().present(interaction)
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // The reads block: a thread of their own, not one of the cooperative pool's.
                Thread.detachNewThread {
                    continuation.resume(with: Result { try Self.converse(interaction, on: terminal) })
                }
            }
        } onCancel: {
            terminal.wake()
        }
    }

    // MARK: Conversations

    private static func converse(_ interaction: Interaction, on terminal: Console) throws -> InteractionAnswer {
        let label = interaction.connectionLabel
        switch interaction.request {
        case .hostKey(let question):
            return .hostKey(try askHostKey(question, label: label, on: terminal))
        case .keyboardInteractive(let round):
            if !round.name.isEmpty { terminal.write(visible(round.name) + "\n") }
            if !round.instruction.isEmpty {
                let instruction = visible(round.instruction, lineBreaks: .kept)
                terminal.write(instruction.hasSuffix("\n") ? instruction : instruction + "\n")
            }
            var answers: [Secret] = []
            for prompt in round.prompts {
                guard var answer = try terminal.readLine(prompt: "(\(label)) \(visible(prompt.text))", echo: prompt.echo)
                else { throw CancellationError() }
                answers.append(Secret(wiping: &answer))
            }
            return .responses(answers)
        case .passphrase(let keyLabel):
            guard var answer = try terminal.readLine(prompt: "Enter passphrase for key '\(visible(keyLabel))': ", echo: false)
            else { throw CancellationError() }
            return .secret(Secret(wiping: &answer))
        case .password(let username):
            guard var answer = try terminal.readLine(prompt: "\(visible(username))@\(visible(hostPart(of: label)))'s password: ", echo: false)
            else { throw CancellationError() }
            return .secret(Secret(wiping: &answer))
        }
    }

    private static func askHostKey(_ question: HostKeyQuestion, label: String, on terminal: Console) throws -> HostKeyDecision {
        let address = KnownHostsMatcher.lookupName(hostname: question.hostname, port: question.port)
        let name = visible(label == address ? address : "\(label) (\(address))")
        let type = KeyAlgorithm(rawValue: question.keyType)?.displayName ?? question.keyType
        var text = "The authenticity of host '\(name)' can't be established.\n"
            + "\(type) key fingerprint is \(question.fingerprint).\n"
        if !question.recordedKeyTypes.isEmpty {
            text += "Keys of other types are already trusted for this host (\(question.recordedKeyTypes.joined(separator: ", "))); "
                + "this \(type) key is new, not a replacement.\n"
        }
        var prompt = text + "Are you sure you want to continue connecting (yes/once/no)? "
        while true {
            guard let line = try terminal.readLine(prompt: prompt, echo: true) else {
                terminal.write("\n")
                return .reject
            }
            let answer = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            switch answer.lowercased() {
            case "yes": return .trustAndSave
            case "once": return .trustOnce
            case "no": return .reject
            default:
                if answer == question.fingerprint.description { return .trustAndSave }
                prompt = "Please type 'yes', 'once' or 'no': "
            }
        }
    }

    /// `host:port` of an ad-hoc label `user@host:port`, or a Vault label as it is.
    private static func hostPart(of label: String) -> String {
        guard let at = label.lastIndex(of: "@") else { return label }
        return String(label[label.index(after: at)...])
    }

    /// A server's keyboard-interactive text as shown: a name or prompt on one line, an
    /// instruction with its line breaks.
    static func visible(_ text: String, lineBreaks: TerminalSafeText.LineBreaks = .escaped) -> String {
        TerminalSafeText(text, lineBreaks: lineBreaks).text
    }
}
