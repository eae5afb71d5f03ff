import Foundation
import TermindApplication

/// One connection to the Vault database (`termind.db`), and the only way the Vault's stores
/// reach it.
///
/// An actor: it owns the `SQLiteConnection` (WAL, foreign keys on, `busy_timeout`) and runs
/// every transaction on its own executor, one at a time. The connection is opened lazily on
/// first use: the directory is created (0700) if missing, the file's header is checked before
/// SQLite touches it, the file is created 0600, and pending migrations are applied. A failed
/// open is not remembered; the next call tries again.
///
/// Every failure about the file itself is a `VaultUnavailable` naming it: corrupt, written by
/// a newer Termind, no permission, locked past the busy timeout. Nothing here deletes,
/// truncates or recreates a file to get past an error.
///
/// Other processes (a TUI and a script) may hold their own connection to the same file;
/// writes take the lock up front (`BEGIN IMMEDIATE`) and wait up to `busyTimeout` for it.
public actor VaultDatabase {
    /// The database file.
    public nonisolated let path: String
    /// How long a transaction waits for another connection's lock before `.locked`.
    public nonisolated let busyTimeout: Duration

    private let migrations: [VaultMigration]?
    private let logger: any Logger
    private var connection: SQLiteConnection?
    /// This connection's hold on the file among the process's (`VaultFileClaims`).
    private var claim: VaultFileClaims.Claim?

    /// - Parameters:
    ///   - path: the database file, usually `XDGPaths.databaseFile`.
    ///   - busyTimeout: how long to wait for another process's lock.
    ///   - migrations: the schema to bring the file to; nil means the ones shipped in `Schemas/`.
    ///   - logger: told about applied migrations; never given a secret.
    public init(
        path: String, busyTimeout: Duration = .seconds(5), migrations: [VaultMigration]? = nil,
        logger: any Logger = NullLogger()
    ) {
        self.path = path
        self.busyTimeout = busyTimeout
        self.migrations = migrations
        self.logger = logger
    }

    /// The schema version of the file (`PRAGMA user_version`), opening and migrating it first.
    public func schemaVersion() throws -> Int {
        try read { try VaultMigrator.recordedVersion($0) }
    }

    /// SQLite's `PRAGMA data_version` on this process's connection: it changes whenever another
    /// connection (another termind) commits to the file, and never for this one's own writes.
    public func changeCounter() throws -> Int {
        try mappingFailures { Int(try open().pragma("data_version") ?? "") ?? 0 }
    }

    /// Closes the connection (checkpointing the WAL if this was the last one); the next call
    /// opens it again.
    public func close() {
        connection = nil
        claim?.release()
        claim = nil
    }

    deinit {
        claim?.release()
    }

    // MARK: Transactions (for the Vault's stores in this module)

    /// Runs `body` in one read transaction: it sees one consistent state of the file.
    func read<T: Sendable>(_ body: @Sendable (SQLiteConnection) throws -> T) throws -> T {
        try mappingFailures {
            let connection = try open()
            try connection.execute(sql: "BEGIN DEFERRED")
            do {
                let result = try body(connection)
                try connection.execute(sql: "COMMIT")
                return result
            } catch {
                if connection.isInTransaction { try? connection.execute(sql: "ROLLBACK") }
                throw error
            }
        }
    }

    /// Runs `body` in one write transaction (`BEGIN IMMEDIATE`): all of it is written, or none.
    func write<T: Sendable>(_ body: @Sendable (SQLiteConnection) throws -> T) throws -> T {
        try mappingFailures {
            let connection = try open()
            return try connection.transaction { try body(connection) }
        }
    }

    // MARK: Opening

    private func open() throws -> SQLiteConnection {
        if let connection { return connection }
        let migrator = try VaultMigrator(migrations: migrations ?? VaultMigration.shipped(), location: path)

        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty { try PrivateDirectory.create(directory, for: path) }

        // The header is read before SQLite touches the file, unless this process holds it
        // already (reading it then would drop that connection's locks: VaultFileClaims).
        let claim = try VaultFileClaims.claim(path) {
            switch try SQLiteFileHeader.read(path) {
            case .notADatabase(let detail):
                throw VaultUnavailable(location: path, cause: .corrupt(detail: "not an SQLite database: \(detail)"))
            case .database(let userVersion):
                try migrator.refuseIfNewer(userVersion)
            case .absent:
                try createPrivateFile()
            }
        }

        // Two processes opening a new Vault at once: switching the file to WAL and migrating it
        // can be refused at once (SQLITE_BUSY without the busy handler) while the other one does
        // the same; it is tried again, within the busy timeout, from a fresh connection.
        let deadline = ContinuousClock.now.advanced(by: busyTimeout)
        while true {
            do {
                let connection = try SQLiteConnection(path: path, mode: .readWriteCreate, busyTimeout: busyTimeout)
                for migration in try migrator.migrate(connection) {
                    logger.info("Vault \(path): applied migration V\(migration.version)__\(migration.name)")
                }
                self.connection = connection
                self.claim = claim
                return connection
            } catch let error as SQLiteError where error.isBusy && ContinuousClock.now < deadline {
                usleep(20_000)
            } catch {
                claim.release()
                throw error
            }
        }
    }

    /// Creates the missing database file empty with mode 0600, so the file (and the WAL and
    /// shared-memory files SQLite gives the same mode) stay private whatever the umask.
    private func createPrivateFile() throws {
        let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            Glibc.close(descriptor)
        } else if errno != EEXIST {
            // EEXIST: another process created it first; SQLite takes it from here.
            throw VaultUnavailable(errno: errno, "cannot create \(path)", location: path)
        }
    }

    private func mappingFailures<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError {
            throw VaultUnavailable(error, location: path, busyTimeout: busyTimeout) ?? error
        }
    }
}
