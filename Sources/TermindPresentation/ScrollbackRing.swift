/// The rows a pane has scrolled off its top, oldest first, capped at `capacity`: pushing onto a
/// full ring drops the oldest row. Popping takes the newest row back (libvterm asks for rows
/// back when the pane grows taller).
///
/// A value owned by its `VTermSurface`, on the same thread.
struct ScrollbackRing<Row> {
    let capacity: Int
    private var storage: [Row] = []
    /// Index in `storage` of the oldest row once the ring has wrapped.
    private var head = 0

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    var count: Int { storage.count }

    /// The row at `index`, 0 being the oldest.
    subscript(index: Int) -> Row {
        precondition(index >= 0 && index < storage.count, "scrollback index \(index) out of 0..<\(storage.count)")
        return storage[(head + index) % storage.count]
    }

    mutating func push(_ row: Row) {
        guard capacity > 0 else { return }
        if storage.count < capacity {
            // `head` is 0 here: it moves only while the ring is full, and popping resets it.
            storage.append(row)
        } else {
            storage[head] = row
            head = (head + 1) % storage.count
        }
    }

    /// Removes and returns the newest row, or nil when empty.
    mutating func popNewest() -> Row? {
        guard !storage.isEmpty else { return nil }
        normalize()
        return storage.removeLast()
    }

    mutating func removeAll() {
        storage.removeAll()
        head = 0
    }

    /// Rotates `storage` so that the oldest row is at index 0.
    private mutating func normalize() {
        guard head != 0 else { return }
        storage = Array(storage[head...] + storage[..<head])
        head = 0
    }
}
