/// A file system transfers run on, and how they may share it: a server (one SFTP connection,
/// plus a way to open silent extra ones) or this machine.
///
/// Transfers prefer extra connections, so a browser pane's connection stays free to browse;
/// when none can be opened, they take turns on `fileSystem`, one at a time (docs/behaviour.md §4).
public struct TransferSite: Sendable {
    /// The connection the site already has (a pane's, or the one `termind cp` opened).
    public let fileSystem: any FileSystem
    /// How many transfers may use `fileSystem` at once while extras can be opened: 1 for
    /// `termind cp`'s own connection, 0 for a pane's (it is then used only when no extra
    /// opens, one transfer at a time), `Int.max` for the local file system.
    public let primaryTransfers: Int
    /// Opens one more silent connection's file system; nil when the site cannot.
    public let openExtra: (@Sendable () async throws -> any FileSystem)?
    /// Releases an extra when its Batch settles; nil closes a `RemoteFileSystem` extra.
    public let closeExtra: (@Sendable (any FileSystem) async -> Void)?

    public init(
        fileSystem: any FileSystem, primaryTransfers: Int = 1,
        openExtra: (@Sendable () async throws -> any FileSystem)? = nil,
        closeExtra: (@Sendable (any FileSystem) async -> Void)? = nil
    ) {
        self.fileSystem = fileSystem
        self.primaryTransfers = max(0, primaryTransfers)
        self.openExtra = openExtra
        self.closeExtra = closeExtra
    }

    /// This machine's file system: any number of transfers at once, no extras needed.
    public static func local(_ fileSystem: any FileSystem) -> TransferSite {
        TransferSite(fileSystem: fileSystem, primaryTransfers: .max)
    }

    /// `local`, or the connection's label: two endpoints with the same location are the same
    /// server, so a copy between them can stay on it (`copy-data`).
    public var location: String { fileSystem.location }
}
