import Foundation
import Synchronization
import TermindApplication

/// The partial-transfer records this process wrote last, by file, with their bytes: a load that
/// reads back the same bytes is the same record, returned without decoding. Each file a
/// transfer commits checks its own record first (did another run take it over?), and decoding
/// that JSON was a few percent of copying a tree of small files. Other bytes (another writer's,
/// or none remembered) are decoded as before, so a hit can only ever give the record on disk.
final class WrittenRecords: Sendable {
    private struct Entry {
        let data: Data
        let record: PartialTransferRecord
    }

    /// Records kept at most; past it all are forgotten (only a decode is lost).
    static let capacity = 256
    private let entries = Mutex<[String: Entry]>([:])

    func remember(_ record: PartialTransferRecord, as data: Data, at path: String) {
        entries.withLock { entries in
            if entries.count >= Self.capacity, entries[path] == nil { entries.removeAll(keepingCapacity: true) }
            entries[path] = Entry(data: data, record: record)
        }
    }

    func forget(_ path: String) {
        _ = entries.withLock { $0.removeValue(forKey: path) }
    }

    /// The record `data` encodes, when it is exactly what this process last wrote at `path`.
    func record(at path: String, reading data: Data) -> PartialTransferRecord? {
        entries.withLock { entries in
            guard let entry = entries[path], entry.data == data else { return nil }
            return entry.record
        }
    }
}
