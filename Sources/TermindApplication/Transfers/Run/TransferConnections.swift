/// The file systems a Batch's transfers take from one site: its connection and the silent
/// extras opened on demand (up to the engine's parallelism). Each transfer holds one lease for
/// its whole run. When no extra can be opened, the site's own connection serves one transfer
/// at a time (docs/behaviour.md §4). A connection that drops is not handed out again.
actor TransferConnections {
    struct Lease: Sendable {
        let fileSystem: any FileSystem
        /// nil: the site's own connection; else the extra's number.
        let extra: Int?
    }

    private let site: TransferSite
    private let extraLimit: Int
    private var primaryInUse = 0
    private var idleExtras: [(number: Int, fileSystem: any FileSystem)] = []
    private var busyExtras: [Int: any FileSystem] = [:]
    private var opening = 0
    private var nextNumber = 1
    /// Set when an extra failed to open: the site's connection is used serially from then on.
    private(set) var extrasUnavailable = false
    private var waiters: [(id: Int, continuation: CheckedContinuation<Void, any Error>)] = []
    private var nextWaiter = 0

    init(site: TransferSite, parallel: Int) {
        self.site = site
        extraLimit = site.openExtra == nil ? 0 : max(0, parallel - min(site.primaryTransfers, parallel))
    }

    /// Extras open now (for tests and the TUI's status line).
    var extraCount: Int { idleExtras.count + busyExtras.count + opening }

    /// How many transfers may use the site's connection now.
    private var primaryCapacity: Int {
        site.openExtra == nil || extrasUnavailable || extraLimit == 0
            ? max(site.primaryTransfers, 1) : site.primaryTransfers
    }

    func acquire() async throws -> Lease {
        while true {
            try Task.checkCancellation()
            if primaryInUse < site.primaryTransfers {
                primaryInUse += 1
                return Lease(fileSystem: site.fileSystem, extra: nil)
            }
            if let (number, fileSystem) = idleExtras.popLast() {
                busyExtras[number] = fileSystem
                return Lease(fileSystem: fileSystem, extra: number)
            }
            if let open = site.openExtra, !extrasUnavailable, extraCount < extraLimit {
                // One connection opens at a time: a server that refuses is asked once.
                if opening > 0 {
                    try await waitForRelease()
                    continue
                }
                do {
                    return try await openExtra(open)
                } catch {
                    if error is CancellationError || Task.isCancelled { throw CancellationError() }
                    extrasUnavailable = true
                    continue
                }
            }
            if primaryInUse < primaryCapacity {
                primaryInUse += 1
                return Lease(fileSystem: site.fileSystem, extra: nil)
            }
            try await waitForRelease()
        }
    }

    /// A second connection for a transfer that already holds one, only if it can be had
    /// without waiting for another transfer: an idle extra, or a new one opened now. Nil when
    /// the site opens none, every extra allowed is taken, or one is already opening.
    func helper() async -> Lease? {
        if let (number, fileSystem) = idleExtras.popLast() {
            busyExtras[number] = fileSystem
            return Lease(fileSystem: fileSystem, extra: number)
        }
        guard let open = site.openExtra, !extrasUnavailable, opening == 0, extraCount < extraLimit else { return nil }
        do {
            return try await openExtra(open)
        } catch {
            if !(error is CancellationError) && !Task.isCancelled { extrasUnavailable = true }
            return nil
        }
    }

    /// Opens one more extra, taken at once; the waiters look again either way.
    private func openExtra(_ open: @Sendable () async throws -> any FileSystem) async throws -> Lease {
        opening += 1
        defer { wakeAll() }
        do {
            let fileSystem = try await open()
            opening -= 1
            let number = nextNumber
            nextNumber += 1
            busyExtras[number] = fileSystem
            return Lease(fileSystem: fileSystem, extra: number)
        } catch {
            opening -= 1
            throw error
        }
    }

    /// Gives a lease back; `broken` (its connection dropped) retires an extra instead.
    func release(_ lease: Lease, broken: Bool) async {
        if let number = lease.extra, let fileSystem = busyExtras.removeValue(forKey: number) {
            if broken {
                await close(fileSystem)
            } else {
                idleExtras.append((number, fileSystem))
            }
        } else if lease.extra == nil {
            primaryInUse -= 1
        }
        wakeAll()
    }

    /// Closes the idle extras (the Batch settled); a later resume opens new ones.
    func closeExtras() async {
        let extras = idleExtras
        idleExtras.removeAll()
        extrasUnavailable = false
        for extra in extras { await close(extra.fileSystem) }
    }

    private func close(_ fileSystem: any FileSystem) async {
        if let closeExtra = site.closeExtra {
            await closeExtra(fileSystem)
        } else if let remote = fileSystem as? any RemoteFileSystem {
            await remote.close()
        }
    }

    private func waitForRelease() async throws {
        nextWaiter += 1
        let id = nextWaiter
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiters.append((id, continuation))
            }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
    }

    private func cancelWaiter(_ id: Int) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(throwing: CancellationError())
    }

    /// Every waiter looks again (cheap: at most the engine's parallelism wait).
    private func wakeAll() {
        let woken = waiters
        waiters.removeAll()
        for waiter in woken { waiter.continuation.resume() }
    }
}
