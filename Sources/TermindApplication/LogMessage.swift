import TermindDomain

/// The text of one log line, built by string interpolation that redacts secrets.
///
/// `\(secret: value)` writes `<secret>` whatever `value` is, and an interpolated `Secret`
/// writes `<secret>` too; every other value appears as `String(describing:)` shows it. Use
/// `\(secret:)` for a secret held as a plain `String` (a password typed at a prompt, a
/// keyboard-interactive answer) so the value never reaches a log file.
///
/// A plain value, `Sendable`: once built it holds only the redacted text.
public struct LogMessage: ExpressibleByStringInterpolation, Sendable, Equatable, CustomStringConvertible {
    /// What a redacted value prints as.
    public static let redacted = "<secret>"

    /// The message, with secrets already replaced.
    public let text: String

    public init(_ text: String) { self.text = text }
    public init(stringLiteral value: String) { text = value }
    public init(stringInterpolation: StringInterpolation) { text = stringInterpolation.text }

    public var description: String { text }

    /// Builds a `LogMessage`, redacting as it goes.
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        var text = ""

        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + interpolationCount * 8)
        }

        public mutating func appendLiteral(_ literal: String) { text += literal }

        /// An ordinary value, as `String(describing:)` shows it.
        public mutating func appendInterpolation<Value>(_ value: Value) {
            text += String(describing: value)
        }

        /// A `Secret`: always `<secret>`.
        public mutating func appendInterpolation(_ secret: Secret) {
            text += LogMessage.redacted
        }

        /// A `Secret` that may be absent: `<secret>` or `nil`.
        public mutating func appendInterpolation(_ secret: Secret?) {
            text += secret == nil ? "nil" : LogMessage.redacted
        }

        /// Any value marked secret at the call site: always `<secret>`, never the value.
        public mutating func appendInterpolation<Value>(secret value: Value) {
            text += LogMessage.redacted
        }
    }
}
