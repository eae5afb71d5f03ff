import Foundation
import TermindApplication

/// What a running command may touch of its process: the environment and the two output
/// streams. Tests build one over buffers; `main` builds one over stdout and stderr.
public struct CommandContext: Sendable {
    public let environment: [String: String]
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
        outBytes: (@Sendable ([UInt8]) -> Void)? = nil, errBytes: (@Sendable ([UInt8]) -> Void)? = nil
    ) {
        self.environment = environment
        self.root = root
        self.logger = logger
        self.writeOut = out
        self.writeErr = err
        self.writeOutBytes = outBytes ?? { out(String(decoding: $0, as: UTF8.self)) }
        self.writeErrBytes = errBytes ?? { err(String(decoding: $0, as: UTF8.self)) }
    }

    /// Writes `text` to standard output as is (no newline added).
    public func out(_ text: String) { writeOut(text) }
    /// Writes `text` to standard error as is (no newline added).
    public func err(_ text: String) { writeErr(text) }
    /// Writes bytes to standard output unchanged (remote output need not be UTF-8).
    public func out(bytes: [UInt8]) { writeOutBytes(bytes) }
    /// Writes bytes to standard error unchanged.
    public func err(bytes: [UInt8]) { writeErrBytes(bytes) }
}
