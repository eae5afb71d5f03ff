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
///   echoing the answer only where the server allows it. Server text is shown with control
///   characters escaped, so a server cannot drive the terminal.
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
                let instruction = visible(round.instruction)
                terminal.write(instruction.hasSuffix("\n") ? instruction : instruction + "\n")
            }
            var answers: [Secret] = []
            for prompt in round.prompts {
                guard let answer = try terminal.readLine(prompt: "(\(label)) \(visible(prompt.text))", echo: prompt.echo)
                else { throw CancellationError() }
                answers.append(Secret(bytes: answer))
            }
            return .responses(answers)
        case .passphrase(let keyLabel):
            guard let answer = try terminal.readLine(prompt: "Enter passphrase for key '\(keyLabel)': ", echo: false)
            else { throw CancellationError() }
            return .secret(Secret(bytes: answer))
        case .password(let username):
            guard let answer = try terminal.readLine(prompt: "\(username)@\(hostPart(of: label))'s password: ", echo: false)
            else { throw CancellationError() }
            return .secret(Secret(bytes: answer))
        }
    }

    private static func askHostKey(_ question: HostKeyQuestion, label: String, on terminal: Console) throws -> HostKeyDecision {
        let address = KnownHostsMatcher.lookupName(hostname: question.hostname, port: question.port)
        let name = label == address ? address : "\(label) (\(address))"
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

    /// Server text with control characters (other than tab and newline) escaped.
    static func visible(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            let category = scalar.properties.generalCategory
            if scalar == "\n" || scalar == "\t" || (category != .control && category != .format) {
                result.unicodeScalars.append(scalar)
            } else {
                result += scalar.escaped(asASCII: true)
            }
        }
        return result
    }
}

/// The controlling terminal for one interaction, and a pipe that wakes a waiting read when the
/// interaction is withdrawn (`SecretInput.prompt` blocks in `read(2)` and cannot be woken, so
/// it does not fit here; it could be built on this reader). Owns both descriptors and closes them when released; the reads
/// happen on one thread at a time, `wake()` may come from any thread.
private final class Console: @unchecked Sendable {
    private let terminal: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32

    init?(path: String) {
        let terminal = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard terminal >= 0 else { return nil }
        guard isatty(terminal) == 1 else {
            close(terminal)
            return nil
        }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            close(terminal)
            return nil
        }
        self.terminal = terminal
        wakeRead = pipeEnds[0]
        wakeWrite = pipeEnds[1]
    }

    deinit {
        close(terminal)
        close(wakeRead)
        close(wakeWrite)
    }

    /// Ends a waiting (or the next) `readLine` with `CancellationError`.
    func wake() {
        var byte: UInt8 = 1
        _ = Glibc.write(wakeWrite, &byte, 1)
    }

    func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(terminal, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Shows `prompt` and reads one line typed by the person, without its line end; nil at end
    /// of input. With `echo: false` the typing is hidden (the newline still shows) from before
    /// the prompt appears, and the terminal's settings are restored however the read ends.
    func readLine(prompt: String, echo: Bool) throws -> [UInt8]? {
        var original = termios()
        let hidden = !echo && tcgetattr(terminal, &original) == 0
        if hidden {
            var silent = original
            silent.c_lflag &= ~tcflag_t(ECHO)
            silent.c_lflag |= tcflag_t(ECHONL)
            tcsetattr(terminal, TCSAFLUSH, &silent)
        }
        defer { if hidden { tcsetattr(terminal, TCSAFLUSH, &original) } }
        write(prompt)
        var bytes: [UInt8] = []
        var descriptors = [
            pollfd(fd: terminal, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            descriptors[0].revents = 0
            descriptors[1].revents = 0
            let ready = poll(&descriptors, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                throw CancellationError()
            }
            if descriptors[1].revents != 0 {
                write("\n")
                throw CancellationError()
            }
            guard descriptors[0].revents != 0 else { continue }
            var byte: UInt8 = 0
            let count = read(terminal, &byte, 1)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return nil
            }
            if count == 0 { return bytes.isEmpty ? nil : Self.trimmed(bytes) }
            if byte == UInt8(ascii: "\n") { return Self.trimmed(bytes) }
            bytes.append(byte)
        }
    }

    private static func trimmed(_ bytes: [UInt8]) -> [UInt8] {
        bytes.last == UInt8(ascii: "\r") ? Array(bytes.dropLast()) : bytes
    }
}
