import Synchronization
import TermindApplication

/// A `Logger` that keeps every line in memory, for tests that assert what was logged (and that
/// no secret was). Internally locked; `Sendable` and safe from any thread.
public final class RecordingLogger: Logger {
    /// One recorded line.
    public struct Entry: Sendable, Equatable {
        public let level: LogLevel
        public let message: LogMessage
        public let file: String
        public let line: Int
    }

    public let minimumLevel: LogLevel
    private let recorded = Mutex<[Entry]>([])

    public init(minimumLevel: LogLevel = .debug) { self.minimumLevel = minimumLevel }

    public func log(_ level: LogLevel, _ message: LogMessage, file: String, line: Int) {
        guard level >= minimumLevel else { return }
        recorded.withLock { $0.append(Entry(level: level, message: message, file: file, line: line)) }
    }

    /// Every line kept so far, oldest first.
    public var entries: [Entry] { recorded.withLock { $0 } }

    /// The message texts kept so far, oldest first.
    public var messages: [String] { entries.map(\.message.text) }
}
