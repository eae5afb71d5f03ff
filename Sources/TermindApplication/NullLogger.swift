/// A `Logger` that drops every line: for tests and for code paths that must not log.
///
/// Stateless and `Sendable`.
public struct NullLogger: Logger {
    public init() {}
    public var minimumLevel: LogLevel { .error }
    public func log(_ level: LogLevel, _ message: LogMessage, file: String, line: Int) {}
}
