/// The workbench's authenticated connections by Host label, so panes on one Host are channels on
/// one connection with one authentication (libssh2 carries many channels; the worker pumps them
/// all). Each connection counts its holders and closes when the last one releases it.
///
/// Panes that ask while a connection for their label is being opened wait for that one opening
/// (one authentication, one set of interactions); the opening runs under a generation of its
/// own and is abandoned, its interactions withdrawn, once nobody waits for it. A connection that
/// turns out dead is `discard`ed: the next holder gets a fresh one, and the holders of the dead
/// one release nothing of the new.
public actor SharedConnections {
    /// Opens an authenticated connection for a label, its interactions tagged with `generation`.
    public typealias Open = @Sendable (_ generation: AttemptGeneration) async throws -> any SSHConnection

    private struct Live {
        let connection: any SSHConnection
        let number: Int
        var holders: Set<Int>
    }

    private struct Opening {
        let number: Int
        let generation: AttemptGeneration
        /// The holder whose `open` runs.
        let starter: Int
        var task: Task<Void, Never>?
        var waiters: [Int: CheckedContinuation<SharedConnectionLease, any Error>] = [:]
    }

    private var live: [String: Live] = [:]
    private var openings: [String: Opening] = [:]
    private var nextNumber = 1
    private var nextHolder = 1
    /// Told of each connection that becomes live and of its end (`observe`).
    private var observer: (@Sendable (SharedConnectionChange) -> Void)?
    /// Withdraws the interactions of an opening nobody waits for any more.
    private let retire: @Sendable (AttemptGeneration) async -> Void

    public init(retire: @escaping @Sendable (AttemptGeneration) async -> Void = { _ in }) {
        self.retire = retire
    }

    /// Tells `observer` of every connection live now and, from now on, of each that becomes
    /// live or ends. One observer; a second replaces the first.
    public func observe(_ observer: @escaping @Sendable (SharedConnectionChange) -> Void) {
        self.observer = observer
        for (label, entry) in live { observer(.live(label: label, connection: entry.connection, number: entry.number)) }
    }

    /// A hold on `label`'s live connection, or on the one being opened for it, or on a new one
    /// opened with `open` (the first asker's; later askers wait for it). Cancelling the asking
    /// task stops its wait; the opening stops when nobody waits any more.
    public func acquire(_ label: String, open: @escaping Open) async throws -> SharedConnectionLease {
        try Task.checkCancellation()
        if var entry = live[label] {
            let holder = takeHolder()
            entry.holders.insert(holder)
            live[label] = entry
            return SharedConnectionLease(
                label: label, connection: entry.connection, connectionNumber: entry.number, openedConnection: false, holder: holder)
        }
        let holder = takeHolder()
        if openings[label] == nil { startOpening(label, by: holder, open: open) }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // Cancelled before it could wait: the handler below found nothing to stop.
                guard !Task.isCancelled else {
                    continuation.resume(throwing: CancellationError())
                    Task { await self.abandonIfUnwaited(label) }
                    return
                }
                openings[label]?.waiters[holder] = continuation
            }
        } onCancel: {
            Task { await self.stopWaiting(label, holder: holder) }
        }
    }

    /// Gives `lease` back; the connection closes when its last holder is gone.
    public func release(_ lease: SharedConnectionLease) async {
        guard var entry = live[lease.label], entry.number == lease.connectionNumber,
            entry.holders.remove(lease.holder) != nil
        else { return }
        if entry.holders.isEmpty {
            live[lease.label] = nil
            observer?(.ended(label: lease.label, number: entry.number))
            await entry.connection.close()
        } else {
            live[lease.label] = entry
        }
    }

    /// `lease`'s connection is dead (its channels ended with the transport, or a new channel
    /// could not open): it is closed and forgotten, and the next `acquire` opens a fresh one.
    /// True when this call retired it (false: it was already gone or replaced).
    @discardableResult
    public func discard(_ lease: SharedConnectionLease) async -> Bool {
        guard let entry = live[lease.label], entry.number == lease.connectionNumber else { return false }
        live[lease.label] = nil
        observer?(.ended(label: lease.label, number: entry.number))
        await entry.connection.close()
        return true
    }

    /// How many hold `label`'s live connection (0 when there is none).
    public func holderCount(_ label: String) -> Int { live[label]?.holders.count ?? 0 }

    /// Whether a connection is live for `label`.
    public func isLive(_ label: String) -> Bool { live[label] != nil }

    /// Closes every connection (the workbench quits); holders' later releases do nothing.
    public func closeAll() async {
        let entries = live
        live = [:]
        for (label, entry) in entries { observer?(.ended(label: label, number: entry.number)) }
        for entry in entries.values { await entry.connection.close() }
    }

    // MARK: - Opening

    private func takeHolder() -> Int {
        defer { nextHolder += 1 }
        return nextHolder
    }

    private func startOpening(_ label: String, by starter: Int, open: @escaping Open) {
        let number = nextNumber
        nextNumber += 1
        let generation = AttemptGeneration.next()
        openings[label] = Opening(number: number, generation: generation, starter: starter)
        openings[label]?.task = Task {
            let result: Result<any SSHConnection, any Error>
            do {
                result = .success(try await open(generation))
            } catch {
                result = .failure(error)
            }
            await self.finish(label, number: number, with: result)
        }
    }

    /// The opening ended: its waiters hold the new connection, or each gets the failure.
    private func finish(_ label: String, number: Int, with result: Result<any SSHConnection, any Error>) async {
        guard let opening = openings[label], opening.number == number else {
            // Abandoned: nobody waits for this connection.
            if case .success(let connection) = result { await connection.close() }
            return
        }
        openings[label] = nil
        switch result {
        case .success(let connection) where !opening.waiters.isEmpty:
            live[label] = Live(connection: connection, number: number, holders: Set(opening.waiters.keys))
            observer?(.live(label: label, connection: connection, number: number))
            for (holder, waiter) in opening.waiters {
                waiter.resume(returning: SharedConnectionLease(
                    label: label, connection: connection, connectionNumber: number,
                    openedConnection: holder == opening.starter, holder: holder))
            }
        case .success(let connection):
            await connection.close()
        case .failure(let error):
            for waiter in opening.waiters.values { waiter.resume(throwing: error) }
        }
    }

    /// A waiter's task was cancelled: it stops waiting; an opening nobody waits for stops too.
    private func stopWaiting(_ label: String, holder: Int) async {
        guard var opening = openings[label], let waiter = opening.waiters.removeValue(forKey: holder) else { return }
        waiter.resume(throwing: CancellationError())
        openings[label] = opening
        await abandonIfUnwaited(label)
    }

    /// Stops `label`'s opening when nobody waits for it, withdrawing its interactions.
    private func abandonIfUnwaited(_ label: String) async {
        guard let opening = openings[label], opening.waiters.isEmpty else { return }
        openings[label] = nil
        opening.task?.cancel()
        await retire(opening.generation)
    }
}
