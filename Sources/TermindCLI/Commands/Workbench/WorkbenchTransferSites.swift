import TermindApplication
import TermindInfrastructure

/// The workbench transfer queue's file systems: this machine's, and per Host one SFTP session,
/// opened the first time a transfer names the Host. On a Host that shares (docs/behaviour.md
/// §2) it is a channel on the panes' shared connection, opened (asking through the workbench's
/// dialogs if it must) only when no pane has one; otherwise a connection of its own.
///
/// Parallel transfers take silent extra connections for throughput. One that would need an
/// interaction (keyboard-interactive, a password the Vault lacks, a host key trusted once) asks
/// nothing: that Host's extras become further SFTP channels on the site's own connection. Other
/// failures leave the transfers taking turns on the site (docs/behaviour.md §4). Extras close
/// when their Batch settles; `close()` lets go of everything when the workbench quits.
actor WorkbenchTransferSites: TransferSiteProvider {
    /// A Host's site and what it stands on: a hold on the shared connection, or its own.
    private struct Opened {
        let site: TransferSite
        let connection: any SSHConnection
        let lease: SharedConnectionLease?
    }

    private let opener: ConnectionOpener
    private let interactions: InteractionQueue
    private let shared: SharedConnections?
    private let local = TransferSite.local(LocalFileSystem())
    private var opened: [String: Opened] = [:]
    private var opening: [String: Task<Opened, any Error>] = [:]
    /// Each extra's own connection, by its file system (none for a channel on the site's).
    private var extras: [ObjectIdentifier: any SSHConnection] = [:]
    /// Hosts whose silent connections would need an interaction: their extras are channels.
    private var extrasOnChannels: Set<String> = []

    init(opener: ConnectionOpener, interactions: InteractionQueue, shared: SharedConnections? = nil) {
        self.opener = opener
        self.interactions = interactions
        self.shared = shared
    }

    func site(for side: TransferSide) async throws -> TransferSite {
        guard case .host(let label) = side else { return local }
        if let known = opened[label] {
            // A connection that dropped since is opened again.
            if (try? await known.site.fileSystem.realpath(".")) != nil { return known.site }
            opened[label] = nil
            await (known.site.fileSystem as? any RemoteFileSystem)?.close()
            await letGo(known, dead: true)
        }
        if let task = opening[label] { return try await task.value.site }
        let task = Task { try await open(label) }
        opening[label] = task
        defer { opening[label] = nil }
        let result = try await task.value
        opened[label] = result
        return result.site
    }

    private func open(_ label: String) async throws -> Opened {
        let (fileSystem, connection, lease) = try await openFileSystem(label)
        let site = TransferSite(
            fileSystem: fileSystem, primaryTransfers: 0,
            openExtra: { [weak self] in
                guard let self else { throw CancellationError() }
                return try await self.openExtra(label, beside: connection)
            },
            closeExtra: { [weak self] fileSystem in await self?.closeExtra(fileSystem) })
        return Opened(site: site, connection: connection, lease: lease)
    }

    /// An SFTP session for `label`: on the shared connection when the Host shares (a fresh
    /// shared one if that turns out dead), else on a connection of its own.
    private func openFileSystem(_ label: String) async throws
        -> (any RemoteFileSystem, any SSHConnection, SharedConnectionLease?)
    {
        let opener = self.opener, interactions = self.interactions
        guard let shared, await sharesConnection(label) else {
            let connection = try await opener.open(label, interactions: interactions)
            do {
                return (try await connection.openFileSystem(), connection, nil)
            } catch {
                await connection.close()
                throw error
            }
        }
        let open: SharedConnections.Open = { generation in
            try await opener.open(label, interactions: interactions, generation: generation)
        }
        var lease = try await shared.acquire(label, open: open)
        for attempt in 1...2 {
            do {
                return (try await lease.connection.openFileSystem(), lease.connection, lease)
            } catch {
                guard attempt == 1, !(error is CancellationError), (error as? SSHFailure)?.kind != .channel else {
                    await shared.release(lease)
                    throw error
                }
                await shared.discard(lease)
                lease = try await shared.acquire(label, open: open)
            }
        }
        preconditionFailure("the loop returns or throws")
    }

    private func sharesConnection(_ label: String) async -> Bool {
        (try? await opener.store.snapshot().host(label))?.sharesConnection ?? false
    }

    /// A connection that never asks anything; where it would have to, a channel on the site's
    /// own connection `beside` instead.
    private func openExtra(_ label: String, beside connection: any SSHConnection) async throws -> any FileSystem {
        if !extrasOnChannels.contains(label) {
            do {
                let extra = try await opener.openSilently(label)
                do {
                    let fileSystem = try await extra.openFileSystem()
                    extras[ObjectIdentifier(fileSystem as AnyObject)] = extra
                    return fileSystem
                } catch {
                    await extra.close()
                    throw error
                }
            } catch let failure as SSHFailure where Self.wouldAsk(failure) {
                extrasOnChannels.insert(label)
            }
        }
        return try await connection.openFileSystem()
    }

    /// What a silent connection refuses because a person would have to answer.
    private static func wouldAsk(_ failure: SSHFailure) -> Bool {
        failure.kind == .interactionRequired || failure.kind == .hostKeyUnknown
    }

    private func closeExtra(_ fileSystem: any FileSystem) async {
        await (fileSystem as? any RemoteFileSystem)?.close()
        await extras.removeValue(forKey: ObjectIdentifier(fileSystem as AnyObject))?.close()
    }

    private func letGo(_ site: Opened, dead: Bool) async {
        if let lease = site.lease, let shared {
            if dead { await shared.discard(lease) } else { await shared.release(lease) }
        } else {
            await site.connection.close()
        }
    }

    func close() async {
        for site in opened.values {
            await (site.site.fileSystem as? any RemoteFileSystem)?.close()
            await letGo(site, dead: false)
        }
        opened = [:]
        for connection in extras.values { await connection.close() }
        extras = [:]
        extrasOnChannels = []
    }
}
