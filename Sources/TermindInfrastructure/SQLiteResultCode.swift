/// An SQLite result code, primary (`SQLITE_CONSTRAINT`) or extended
/// (`SQLITE_CONSTRAINT_UNIQUE`), as a typed value so callers never compare raw C integers.
///
/// A plain value: immutable and `Sendable`, usable from any thread.
public struct SQLiteResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The primary code: the low byte of an extended code (`SQLITE_CONSTRAINT` for
    /// `SQLITE_CONSTRAINT_UNIQUE`).
    public var primary: SQLiteResultCode { SQLiteResultCode(rawValue: rawValue & 0xFF) }

    /// The C name (`SQLITE_CONSTRAINT_UNIQUE`), or `SQLITE_<number>` for a code this table lacks.
    public var name: String {
        if let name = Self.names[rawValue] { return name }
        if let primaryName = Self.names[rawValue & 0xFF] { return "\(primaryName)(\(rawValue))" }
        return "SQLITE_\(rawValue)"
    }

    public var description: String { "\(name) (\(rawValue))" }

    // MARK: Primary codes

    public static let ok = Self(rawValue: 0)
    public static let error = Self(rawValue: 1)
    public static let `internal` = Self(rawValue: 2)
    public static let permission = Self(rawValue: 3)
    public static let abort = Self(rawValue: 4)
    public static let busy = Self(rawValue: 5)
    public static let locked = Self(rawValue: 6)
    public static let noMemory = Self(rawValue: 7)
    public static let readOnly = Self(rawValue: 8)
    public static let interrupt = Self(rawValue: 9)
    public static let ioError = Self(rawValue: 10)
    public static let corrupt = Self(rawValue: 11)
    public static let notFound = Self(rawValue: 12)
    public static let full = Self(rawValue: 13)
    public static let cannotOpen = Self(rawValue: 14)
    public static let `protocol` = Self(rawValue: 15)
    public static let schema = Self(rawValue: 17)
    public static let tooBig = Self(rawValue: 18)
    public static let constraint = Self(rawValue: 19)
    public static let mismatch = Self(rawValue: 20)
    public static let misuse = Self(rawValue: 21)
    public static let authorization = Self(rawValue: 23)
    public static let range = Self(rawValue: 25)
    public static let notADatabase = Self(rawValue: 26)
    public static let row = Self(rawValue: 100)
    public static let done = Self(rawValue: 101)

    // MARK: Extended codes the Vault cares about

    public static let busyRecovery = extended(busy, 1)
    public static let busySnapshot = extended(busy, 2)
    public static let busyTimeout = extended(busy, 3)
    public static let readOnlyRecovery = extended(readOnly, 1)
    public static let readOnlyCannotLock = extended(readOnly, 2)
    public static let readOnlyRollback = extended(readOnly, 3)
    public static let readOnlyDatabaseMoved = extended(readOnly, 4)
    public static let readOnlyCannotInit = extended(readOnly, 5)
    public static let readOnlyDirectory = extended(readOnly, 6)
    public static let cannotOpenIsDirectory = extended(cannotOpen, 2)
    public static let cannotOpenFullPath = extended(cannotOpen, 3)
    public static let corruptIndex = extended(corrupt, 3)
    public static let constraintCheck = extended(constraint, 1)
    public static let constraintForeignKey = extended(constraint, 3)
    public static let constraintNotNull = extended(constraint, 5)
    public static let constraintPrimaryKey = extended(constraint, 6)
    public static let constraintTrigger = extended(constraint, 7)
    public static let constraintUnique = extended(constraint, 8)
    public static let constraintRowID = extended(constraint, 10)
    public static let ioErrorRead = extended(ioError, 1)
    public static let ioErrorShortRead = extended(ioError, 2)
    public static let ioErrorWrite = extended(ioError, 3)
    public static let ioErrorLock = extended(ioError, 15)
    public static let ioErrorAccess = extended(ioError, 13)

    private static func extended(_ primary: Self, _ number: Int32) -> Self {
        Self(rawValue: primary.rawValue | (number << 8))
    }

    private static let names: [Int32: String] = [
        0: "SQLITE_OK", 1: "SQLITE_ERROR", 2: "SQLITE_INTERNAL", 3: "SQLITE_PERM", 4: "SQLITE_ABORT",
        5: "SQLITE_BUSY", 6: "SQLITE_LOCKED", 7: "SQLITE_NOMEM", 8: "SQLITE_READONLY",
        9: "SQLITE_INTERRUPT", 10: "SQLITE_IOERR", 11: "SQLITE_CORRUPT", 12: "SQLITE_NOTFOUND",
        13: "SQLITE_FULL", 14: "SQLITE_CANTOPEN", 15: "SQLITE_PROTOCOL", 16: "SQLITE_EMPTY",
        17: "SQLITE_SCHEMA", 18: "SQLITE_TOOBIG", 19: "SQLITE_CONSTRAINT", 20: "SQLITE_MISMATCH",
        21: "SQLITE_MISUSE", 22: "SQLITE_NOLFS", 23: "SQLITE_AUTH", 24: "SQLITE_FORMAT",
        25: "SQLITE_RANGE", 26: "SQLITE_NOTADB", 27: "SQLITE_NOTICE", 28: "SQLITE_WARNING",
        100: "SQLITE_ROW", 101: "SQLITE_DONE",
        busyRecovery.rawValue: "SQLITE_BUSY_RECOVERY", busySnapshot.rawValue: "SQLITE_BUSY_SNAPSHOT",
        busyTimeout.rawValue: "SQLITE_BUSY_TIMEOUT",
        readOnlyRecovery.rawValue: "SQLITE_READONLY_RECOVERY",
        readOnlyCannotLock.rawValue: "SQLITE_READONLY_CANTLOCK",
        readOnlyRollback.rawValue: "SQLITE_READONLY_ROLLBACK",
        readOnlyDatabaseMoved.rawValue: "SQLITE_READONLY_DBMOVED",
        readOnlyCannotInit.rawValue: "SQLITE_READONLY_CANTINIT",
        readOnlyDirectory.rawValue: "SQLITE_READONLY_DIRECTORY",
        cannotOpenIsDirectory.rawValue: "SQLITE_CANTOPEN_ISDIR",
        cannotOpenFullPath.rawValue: "SQLITE_CANTOPEN_FULLPATH",
        corruptIndex.rawValue: "SQLITE_CORRUPT_INDEX",
        constraintCheck.rawValue: "SQLITE_CONSTRAINT_CHECK",
        constraintForeignKey.rawValue: "SQLITE_CONSTRAINT_FOREIGNKEY",
        constraintNotNull.rawValue: "SQLITE_CONSTRAINT_NOTNULL",
        constraintPrimaryKey.rawValue: "SQLITE_CONSTRAINT_PRIMARYKEY",
        constraintTrigger.rawValue: "SQLITE_CONSTRAINT_TRIGGER",
        constraintUnique.rawValue: "SQLITE_CONSTRAINT_UNIQUE",
        constraintRowID.rawValue: "SQLITE_CONSTRAINT_ROWID",
        ioErrorRead.rawValue: "SQLITE_IOERR_READ", ioErrorShortRead.rawValue: "SQLITE_IOERR_SHORT_READ",
        ioErrorWrite.rawValue: "SQLITE_IOERR_WRITE", ioErrorLock.rawValue: "SQLITE_IOERR_LOCK",
        ioErrorAccess.rawValue: "SQLITE_IOERR_ACCESS",
    ]
}
