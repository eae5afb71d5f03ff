import Foundation

/// How much a log line matters, least first; a logger drops lines below its minimum.
///
/// A plain value, `Sendable`.
public enum LogLevel: Int, Comparable, CaseIterable, Sendable, CustomStringConvertible {
    case debug
    case info
    case notice
    case warning
    case error

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The name written in a log line: `DEBUG`, `INFO`, `NOTICE`, `WARNING`, `ERROR`.
    public var name: String {
        switch self {
        case .debug: "DEBUG"
        case .info: "INFO"
        case .notice: "NOTICE"
        case .warning: "WARNING"
        case .error: "ERROR"
        }
    }

    public var description: String { name }

    /// Reads a level as a person writes it (`TERMIND_LOG_LEVEL=debug`): any case, surrounding
    /// spaces ignored, `warn` and `err` accepted. `nil` for anything else.
    public init?(parsing text: String) {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch word {
        case "debug", "trace": self = .debug
        case "info": self = .info
        case "notice": self = .notice
        case "warning", "warn": self = .warning
        case "error", "err": self = .error
        default: return nil
        }
    }
}
