import Foundation
import TermindApplication
import TermindDomain

/// What a running command may touch of its process: the environment and the two output
/// streams. Tests build one over buffers; `main` builds one over stdout and stderr.
///
/// Text written to a stream that is a terminal passes `TerminalSafeText.message` last, so no
/// control character from a server reaches the terminal through a message (an error detail, a
/// status message); names are escaped before that by the commands (`shown(_:)`), newlines too.
/// Bytes (`out(bytes:)`, a remote command's output) and `errControl(_:)` (Termind's own
/// sequences) are written unchanged.
public struct CommandContext: Sendable {
    public let environment: [String: String]
    /// True when standard output is a terminal (untrusted text is then shown escaped).
    public let outIsTerminal: Bool
    /// True when standard error is a terminal.
    public let errIsTerminal: Bool
    /// The log file's writer (a `NullLogger` in tests that do not read the log).
    public let logger: any Logger
    /// The root command, so `help` can find any command's definition.
    let root: any Command.Type
    private let writeOut: @Sendable (String) -> Void
    private let writeErr: @Sendable (String) -> Void
    private let writeOutBytes: @Sendable ([UInt8]) -> Void
    private let writeErrBytes: @Sendable ([UInt8]) -> Void

    public init(
        environment: [String: String], root: any Command.Type, logger: any Logger = NullLogger(),
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
        outBytes: (@Sendable ([UInt8]) -> Void)? = nil, errBytes: (@Sendable ([UInt8]) -> Void)? = nil,
        outIsTerminal: Bool = false, errIsTerminal: Bool = false
    ) {
        self.environment = environment
        self.outIsTerminal = outIsTerminal
        self.errIsTerminal = errIsTerminal
        self.root = root
        self.logger = logger
        self.writeOut = out
        self.writeErr = err
        self.writeOutBytes = outBytes ?? { out(String(decoding: $0, as: UTF8.self)) }
        self.writeErrBytes = errBytes ?? { err(String(decoding: $0, as: UTF8.self)) }
    }

    /// Writes `text` to standard output (no newline added); on a terminal, with any control
    /// character but newline and tab escaped.
    public func out(_ text: String) { writeOut(outIsTerminal ? TerminalSafeText.message(text) : text) }
    /// Writes `text` to standard error (no newline added); on a terminal, with any control
    /// character but newline and tab escaped.
    public func err(_ text: String) { writeErr(errIsTerminal ? TerminalSafeText.message(text) : text) }
    /// Writes Termind's own terminal sequences (a progress line's `CR ESC [ K`) to standard
    /// error unchanged: never text from elsewhere.
    func errControl(_ sequence: String) { writeErr(sequence) }
    /// `name` as standard output shows it: escaped on a terminal (see `TerminalSafeText`), the
    /// real name in a pipe.
    public func shown(_ name: String) -> String { TerminalSafeText.shown(name, onTerminal: outIsTerminal) }
    /// `name` as standard error shows it.
    public func shownOnErr(_ name: String) -> String { TerminalSafeText.shown(name, onTerminal: errIsTerminal) }
    /// Writes bytes to standard output unchanged (remote output need not be UTF-8).
    public func out(bytes: [UInt8]) { writeOutBytes(bytes) }
    /// Writes bytes to standard error unchanged.
    public func err(bytes: [UInt8]) { writeErrBytes(bytes) }
}
