/// The rows a pane has scrolled off its top, oldest first, capped at `capacity` rows and at
/// `byteLimit` bytes of `cost`: pushing past either drops the oldest rows. Popping takes the
/// newest row back (libvterm asks for rows back when the pane grows taller).
///
/// A value owned by its `VTermSurface`, on the same thread.
struct ScrollbackRing<Row> {
    let capacity: Int
    let byteLimit: Int
    private let cost: (Row) -> Int
    /// A circular buffer: `count` rows from `head` on, wrapping; it grows up to `capacity`.
    private var storage: [Row?] = []
    private var head = 0
    private(set) var count = 0
    /// The summed `cost` of the rows held.
    private(set) var bytes = 0
    /// How many rows were ever dropped from the oldest end: row `index` is the
    /// `dropped + index`th row ever kept, a number that stays with it.
    private(set) var dropped = 0

    init(capacity: Int, byteLimit: Int = .max, cost: @escaping (Row) -> Int = { _ in 0 }) {
        self.capacity = max(0, capacity)
        self.byteLimit = max(0, byteLimit)
        self.cost = cost
    }

    /// The row at `index`, 0 being the oldest.
    subscript(index: Int) -> Row {
        precondition(index >= 0 && index < count, "scrollback index \(index) out of 0..<\(count)")
        return storage[(head + index) % storage.count]!
    }

    mutating func push(_ row: Row) {
        guard capacity > 0 else { return }
        if count == capacity { dropOldest() }
        if count == storage.count {
            // Full storage that may still grow: rotate so that appending keeps the order.
            normalize()
            storage.append(row)
        } else {
            storage[(head + count) % storage.count] = row
        }
        count += 1
        bytes += cost(row)
        // The newest row stays, whatever it costs.
        while bytes > byteLimit && count > 1 { dropOldest() }
    }

    /// Removes and returns the newest row, or nil when empty.
    mutating func popNewest() -> Row? {
        guard count > 0 else { return nil }
        let index = (head + count - 1) % storage.count
        let row = storage[index]!
        storage[index] = nil
        count -= 1
        bytes -= cost(row)
        return row
    }

    /// Replaces every row with `rows`, oldest first (a reflow rewrapped them): the first takes
    /// the number the oldest row had, and beyond the limits the oldest go, as in `push`.
    mutating func replaceAll(with rows: some Sequence<Row>) {
        storage.removeAll(keepingCapacity: true)
        head = 0
        count = 0
        bytes = 0
        for row in rows {
            push(row)
        }
    }

    mutating func removeAll() {
        dropped += count
        storage.removeAll()
        head = 0
        count = 0
        bytes = 0
    }

    private mutating func dropOldest() {
        // Taken out, not copied: a copy kept the row's arrays alive one retain longer.
        guard count > 0, let row = storage[head].take() else { return }
        head = (head + 1) % storage.count
        count -= 1
        dropped += 1
        bytes -= cost(row)
    }

    /// Rotates `storage` so that the oldest row is at index 0.
    private mutating func normalize() {
        guard head != 0 else { return }
        storage = Array(storage[head...] + storage[..<head])
        head = 0
    }
}
