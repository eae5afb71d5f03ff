import Foundation

/// The Vault's migrations as shipped: `V<n>__<name>.sql` files, in version order.
public enum VaultSchema {
    public struct Migration: Sendable, Equatable {
        public let version: Int
        public let name: String
        public let sql: String
    }

    /// Every migration, oldest first. Throws when a file is missing or misnamed in the bundle.
    public static func migrations() throws -> [Migration] {
        guard let directory = Bundle.module.resourceURL else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "the schema bundle has no resources"])
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".sql") }
        return try files.compactMap { file -> Migration? in
            // V12__add_forwards.sql → (12, "add_forwards")
            guard file.hasPrefix("V"), let separator = file.range(of: "__"),
                let version = Int(file[file.index(after: file.startIndex)..<separator.lowerBound])
            else { return nil }
            let name = String(file[separator.upperBound...].dropLast(".sql".count))
            let sql = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            return Migration(version: version, name: name, sql: sql)
        }
        .sorted { $0.version < $1.version }
    }
}
