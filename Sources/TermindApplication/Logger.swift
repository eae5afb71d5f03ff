/// The logging port: where every layer sends diagnostic lines. The executable wires a
/// `FileLogger` (Infrastructure); tests use `NullLogger`, or `RecordingLogger` (TermindTestDoubles).
///
/// Implementations are `Sendable` and safe to call from any thread, actor or session worker.
/// Messages are `LogMessage`s, so secrets are already redacted when they arrive here.
public protocol Logger: Sendable {
    /// Lines below this level are dropped; the convenience methods do not even build them.
    var minimumLevel: LogLevel { get }

    /// Writes one line. `file` is a `#fileID` ("Module/File.swift"), `line` a `#line`.
    func log(_ level: LogLevel, _ message: LogMessage, file: String, line: Int)
}

extension Logger {
    public var minimumLevel: LogLevel { .debug }

    /// Logs at `level` with the caller's file and line; `message` is built only if it will be kept.
    public func log(
        _ level: LogLevel, _ message: @autoclosure () -> LogMessage,
        file: String = #fileID, line: Int = #line
    ) {
        emit(level, message, file: file, line: line)
    }

    public func debug(_ message: @autoclosure () -> LogMessage, file: String = #fileID, line: Int = #line) {
        emit(.debug, message, file: file, line: line)
    }

    public func info(_ message: @autoclosure () -> LogMessage, file: String = #fileID, line: Int = #line) {
        emit(.info, message, file: file, line: line)
    }

    public func notice(_ message: @autoclosure () -> LogMessage, file: String = #fileID, line: Int = #line) {
        emit(.notice, message, file: file, line: line)
    }

    public func warning(_ message: @autoclosure () -> LogMessage, file: String = #fileID, line: Int = #line) {
        emit(.warning, message, file: file, line: line)
    }

    public func error(_ message: @autoclosure () -> LogMessage, file: String = #fileID, line: Int = #line) {
        emit(.error, message, file: file, line: line)
    }

    private func emit(_ level: LogLevel, _ message: () -> LogMessage, file: String, line: Int) {
        guard level >= minimumLevel else { return }
        log(level, message(), file: file, line: line)
    }
}
