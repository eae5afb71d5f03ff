import TermindApplication
import TermindInfrastructure

/// The workbench transfer queue's file systems: this machine's, and per Host one connection
/// with SFTP, opened the first time a transfer names the Host (asking through the workbench's
/// dialogs if it must: a host key, a password), that transfers use one at a time only when no
/// silent extra opens (docs/behaviour.md §4). Extras close with their connection when their
/// Batch settles; `close()` closes everything when the workbench quits.
actor WorkbenchTransferSites: TransferSiteProvider {
    private let opener: ConnectionOpener
    private let interactions: InteractionQueue
    private let local = TransferSite.local(LocalFileSystem())
    private var opened: [String: (site: TransferSite, connection: any SSHConnection)] = [:]
    private var opening: [String: Task<(site: TransferSite, connection: any SSHConnection), any Error>] = [:]
    /// Each extra's connection, by its file system.
    private var extras: [ObjectIdentifier: any SSHConnection] = [:]

    init(opener: ConnectionOpener, interactions: InteractionQueue) {
        self.opener = opener
        self.interactions = interactions
    }

    func site(for side: TransferSide) async throws -> TransferSite {
        guard case .host(let label) = side else { return local }
        if let known = opened[label] {
            // A connection that dropped since is opened again.
            if (try? await known.site.fileSystem.realpath(".")) != nil { return known.site }
            opened[label] = nil
            await (known.site.fileSystem as? any RemoteFileSystem)?.close()
            await known.connection.close()
        }
        if let task = opening[label] { return try await task.value.site }
        let task = Task { try await open(label) }
        opening[label] = task
        defer { opening[label] = nil }
        let result = try await task.value
        opened[label] = result
        return result.site
    }

    private func open(_ label: String) async throws -> (site: TransferSite, connection: any SSHConnection) {
        let connection = try await opener.open(label, interactions: interactions)
        do {
            let fileSystem = try await connection.openFileSystem()
            let site = TransferSite(
                fileSystem: fileSystem, primaryTransfers: 0,
                openExtra: { [weak self] in
                    guard let self else { throw CancellationError() }
                    return try await self.openExtra(label)
                },
                closeExtra: { [weak self] fileSystem in await self?.closeExtra(fileSystem) })
            return (site, connection)
        } catch {
            await connection.close()
            throw error
        }
    }

    /// A connection that never asks anything (it fails instead, and transfers then take turns
    /// on the Host's own connection).
    private func openExtra(_ label: String) async throws -> any FileSystem {
        let connection = try await opener.openSilently(label)
        do {
            let fileSystem = try await connection.openFileSystem()
            extras[ObjectIdentifier(fileSystem as AnyObject)] = connection
            return fileSystem
        } catch {
            await connection.close()
            throw error
        }
    }

    private func closeExtra(_ fileSystem: any FileSystem) async {
        await (fileSystem as? any RemoteFileSystem)?.close()
        await extras.removeValue(forKey: ObjectIdentifier(fileSystem as AnyObject))?.close()
    }

    func close() async {
        for (site, connection) in opened.values {
            await (site.fileSystem as? any RemoteFileSystem)?.close()
            await connection.close()
        }
        opened = [:]
        for connection in extras.values { await connection.close() }
        extras = [:]
    }
}
