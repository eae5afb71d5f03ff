/// One SQLite value with its storage class: what a statement binds and a row holds.
///
/// A plain value, `Sendable`. Literals build it directly: `[1, "label", nil]`.
public enum SQLiteValue: Hashable, Sendable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
    case null

    public var isNull: Bool { self == .null }

    /// The storage class in SQLite's words, for error messages.
    public var storageClass: String {
        switch self {
        case .integer: "integer"
        case .real: "real"
        case .text: "text"
        case .blob: "blob"
        case .null: "NULL"
        }
    }
}

extension SQLiteValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByNilLiteral, ExpressibleByBooleanLiteral
{
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .real(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}

extension SQLiteValue: CustomStringConvertible {
    /// A short form for diagnostics; text and blobs show only their size, never their content,
    /// since a bound value may be sealed secret material.
    public var description: String {
        switch self {
        case .integer(let value): "\(value)"
        case .real(let value): "\(value)"
        case .text(let value): "text(\(value.utf8.count) bytes)"
        case .blob(let value): "blob(\(value.count) bytes)"
        case .null: "NULL"
        }
    }
}
