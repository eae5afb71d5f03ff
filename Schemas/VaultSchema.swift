import Foundation

/// The Vault's migrations as shipped: `V<n>__<name>.sql` files, in version order.
public enum VaultSchema {
    /// One migration file: its number and name from the file name; its statements are read
    /// only when asked for (an up-to-date Vault reads none).
    public struct Migration: Sendable, Equatable {
        public let version: Int
        public let name: String
        public let file: URL

        public func sql() throws -> String {
            try String(contentsOf: file, encoding: .utf8)
        }
    }

    /// Every migration, oldest first. Throws when the bundle has no resources.
    public static func migrations() throws -> [Migration] {
        guard let directory = Bundle.module.resourceURL else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "the schema bundle has no resources"])
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".sql") }
        return files.compactMap { file -> Migration? in
            // V12__add_forwards.sql → (12, "add_forwards")
            guard file.hasPrefix("V"), let separator = file.range(of: "__"),
                let version = Int(file[file.index(after: file.startIndex)..<separator.lowerBound])
            else { return nil }
            let name = String(file[separator.upperBound...].dropLast(".sql".count))
            return Migration(version: version, name: name, file: directory.appendingPathComponent(file))
        }
        .sorted { $0.version < $1.version }
    }
}
