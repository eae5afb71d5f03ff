import CSQLite
public enum InfrastructurePlaceholder { static let v = sqlite3_libversion() }
