/// The requests in flight on one SFTP channel: a fresh id for each, which replies may answer
/// it, and what the client keeps for it (`Entry`: who waits for the answer). Replies are
/// matched by id in any order; a reply to an id not in flight, or of a type the request does
/// not allow, is a protocol violation.
///
/// A request is timed from when it was sent (`markSent`), not from when it was registered:
/// time spent queued behind the client's own flow control is not the server's.
///
/// A plain value: the client keeps it behind its lock.
struct SFTPRequestTable<Entry> {
    private struct Pending {
        let request: SFTPPacketType
        let expected: SFTPExpectedReply
        /// The path the request is about, for messages ("" when none).
        let path: String
        var entry: Entry
        var sent: ContinuousClock.Instant?
    }

    /// A request sent and not answered yet, as the timeout sees it.
    struct Unanswered: Equatable {
        let id: UInt32
        let request: SFTPPacketType
        let path: String
        let sent: ContinuousClock.Instant
    }

    private var pending: [UInt32: Pending] = [:]
    private var lastID: UInt32

    /// - Parameter lastID: the first request gets the id after this one.
    init(startingAfter lastID: UInt32 = 0) {
        self.lastID = lastID
    }

    var count: Int { pending.count }
    var isEmpty: Bool { pending.isEmpty }

    /// Records a request and returns its id: the next unused one, wrapping past `UInt32.max`.
    mutating func register(
        _ request: SFTPPacketType, expecting expected: SFTPExpectedReply, about path: String = "", entry: Entry
    ) -> UInt32 {
        repeat { lastID &+= 1 } while pending[lastID] != nil
        pending[lastID] = Pending(request: request, expected: expected, path: path, entry: entry)
        return lastID
    }

    /// Starts timing request `id`: it is on its way to the server. False when it is not in
    /// flight (answered or failed already).
    @discardableResult
    mutating func markSent(_ id: UInt32, at instant: ContinuousClock.Instant) -> Bool {
        guard pending[id] != nil else { return false }
        pending[id]?.sent = instant
        return true
    }

    /// The request sent longest ago that is still unanswered: the first to run out of time.
    var oldestUnanswered: Unanswered? {
        var oldest: Unanswered?
        for (id, request) in pending {
            guard let sent = request.sent else { continue }
            if let current = oldest, current.sent <= sent { continue }
            oldest = Unanswered(id: id, request: request.request, path: request.path, sent: sent)
        }
        return oldest
    }

    /// The oldest request that has waited `limit` or longer at `now`, if any.
    func overdue(at now: ContinuousClock.Instant, after limit: Duration) -> Unanswered? {
        guard let oldest = oldestUnanswered, oldest.sent.duration(to: now) >= limit else { return nil }
        return oldest
    }

    /// What is kept for request `id`, while it is in flight.
    func entry(_ id: UInt32) -> Entry? {
        pending[id]?.entry
    }

    /// Replaces what is kept for request `id`; false when it is not in flight.
    @discardableResult
    mutating func update(_ id: UInt32, to entry: Entry) -> Bool {
        guard pending[id] != nil else { return false }
        pending[id]?.entry = entry
        return true
    }

    /// Takes request `id` out without a reply (its sending failed).
    @discardableResult
    mutating func remove(_ id: UInt32) -> Entry? {
        pending.removeValue(forKey: id)?.entry
    }

    /// Takes out the request a reply of `type` with `id` answers, checking that it may.
    mutating func match(id: UInt32, type: SFTPPacketType) throws(SFTPWireError) -> Entry {
        guard let request = pending[id] else {
            throw SFTPWireError("the server sent a \(type) reply to request id \(id), which is not waiting for an answer")
        }
        guard request.expected.allows(type) else {
            throw SFTPWireError("the server answered a \(request.request) request (id \(id)) with \(type)")
        }
        pending[id] = nil
        return request.entry
    }

    /// Takes out every request in flight (the channel ended).
    mutating func removeAll() -> [Entry] {
        defer { pending.removeAll() }
        return pending.values.map(\.entry)
    }
}
