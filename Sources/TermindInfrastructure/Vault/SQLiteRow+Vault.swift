import Foundation
import TermindApplication
import TermindDomain

/// Reading the Vault's column conventions (UUID text, unix seconds as REAL, JSON text) and
/// turning a value that breaks them, or a record that breaks a Domain rule, into
/// `VaultUnavailable(.corrupt)` naming the file, the column and the row.
extension SQLiteRow {
    func uuid(_ column: String) throws -> UUID {
        let text = try get(column, as: String.self)
        guard let id = UUID(uuidString: text) else { throw damaged("column '\(column)' holds '\(text)', not a UUID") }
        return id
    }

    func optionalUUID(_ column: String) throws -> UUID? {
        guard let text = try get(column, as: String?.self) else { return nil }
        guard let id = UUID(uuidString: text) else { throw damaged("column '\(column)' holds '\(text)', not a UUID") }
        return id
    }

    func date(_ column: String) throws -> Date {
        Date(timeIntervalSince1970: try get(column, as: Double.self))
    }

    func json<T: Decodable>(_ column: String, as type: T.Type) throws -> T {
        let text = try get(column, as: String.self)
        do {
            return try JSONDecoder().decode(T.self, from: Data(text.utf8))
        } catch {
            throw damaged("column '\(column)' does not hold a valid \(T.self): \(error)")
        }
    }

    /// Runs a Domain initializer over this row; a broken rule means the file was damaged or
    /// written by hand, so it is reported as such rather than as the person's mistake.
    func decode<T>(_ table: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let violation as VaultRuleViolation {
            throw damaged("a row of \(table) breaks a Vault rule: \(violation)")
        }
    }

    func damaged(_ detail: String) -> VaultUnavailable {
        VaultUnavailable(location: path, cause: .corrupt(detail: detail))
    }
}

extension SQLiteValue {
    static func id(_ id: UUID) -> SQLiteValue { .text(id.uuidString) }
    static func id(_ id: UUID?) -> SQLiteValue { id.map { .text($0.uuidString) } ?? .null }
    static func date(_ date: Date) -> SQLiteValue { .real(date.timeIntervalSince1970) }

    /// `value` as JSON text with sorted keys, so equal values store equal text.
    static func json<T: Encodable>(_ value: T) throws -> SQLiteValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return .text(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}
