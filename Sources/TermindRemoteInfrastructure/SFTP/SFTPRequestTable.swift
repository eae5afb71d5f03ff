/// The requests in flight on one SFTP channel: a fresh id for each, which replies may answer
/// it, and what the client keeps for it (`Entry`: who waits for the answer). Replies are
/// matched by id in any order; a reply to an id not in flight, or of a type the request does
/// not allow, is a protocol violation.
///
/// A plain value: the client keeps it behind its lock.
struct SFTPRequestTable<Entry> {
    private struct Pending {
        let request: SFTPPacketType
        let expected: SFTPExpectedReply
        var entry: Entry
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
    mutating func register(_ request: SFTPPacketType, expecting expected: SFTPExpectedReply, entry: Entry) -> UInt32 {
        repeat { lastID &+= 1 } while pending[lastID] != nil
        pending[lastID] = Pending(request: request, expected: expected, entry: entry)
        return lastID
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
