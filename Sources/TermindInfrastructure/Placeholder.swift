import CSQLite
public enum InfrastructurePlaceholder { static func f() -> Int32 { sqlite3_libversion_number() } }
