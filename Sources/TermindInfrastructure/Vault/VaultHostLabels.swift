/// The Host labels of a Vault, for shell completion: one read-only query of the `hosts` table.
///
/// Labels are stored in clear (only secrets are sealed, docs/behaviour.md §1), so this needs
/// no vault key and never prompts. It opens the file read-only, never creates, migrates or
/// waits long on it, and answers nothing on any error (missing, locked, damaged, newer):
/// completion must stay silent and fast whatever state the Vault is in.
public enum VaultHostLabels {
    public static func read(databaseFile: String) -> [String] {
        do {
            let connection = try SQLiteConnection(path: databaseFile, mode: .readOnly, busyTimeout: .milliseconds(200))
            return try connection.query(sql: "SELECT label FROM hosts ORDER BY label")
                .compactMap { row in try? row.get("label", as: String.self) }
        } catch {
            return []
        }
    }
}
