import Synchronization

/// One source file read through more than one connection: each read goes to the lane with the
/// fewest reads in flight. A connection's packets are decrypted on its one worker thread, so
/// a big download read through a helper connection uses a second core (docs/behaviour.md §4).
///
/// The first lane is the transfer's own connection. A helper's failure is never the
/// transfer's: its read is asked again on the first lane and the helper is left out from then
/// on. `Sendable`: the lanes live behind a `Mutex`.
final class StripedFileReader: FileReader {
    private struct Lane {
        let reader: any FileReader
        /// Gives the helper's connection back once its reader is closed (`failed`: it broke).
        let release: (@Sendable (_ failed: Bool) async -> Void)?
        var inFlight = 0
        var failed = false
    }

    private struct Lanes {
        var all: [Lane]
        var closed = false
    }

    private let lanes: Mutex<Lanes>
    let preferredChunkSize: Int

    init(_ reader: any FileReader) {
        lanes = Mutex(Lanes(all: [Lane(reader: reader, release: nil)]))
        preferredChunkSize = reader.preferredChunkSize
    }

    /// Reads through one lane more; false (and nothing joined) once the reader is closed, when
    /// the caller closes `reader` and gives its connection back itself.
    func join(_ reader: any FileReader, release: @escaping @Sendable (_ failed: Bool) async -> Void) -> Bool {
        lanes.withLock { lanes in
            guard !lanes.closed else { return false }
            lanes.all.append(Lane(reader: reader, release: release))
            return true
        }
    }

    /// Lanes reading now (for tests).
    var laneCount: Int { lanes.withLock { $0.all.count { !$0.failed } } }

    func read(at offset: UInt64, count: Int) async throws -> [UInt8] {
        let (index, reader) = lanes.withLock { lanes in
            var best = 0
            for index in lanes.all.indices.dropFirst() where !lanes.all[index].failed
                && lanes.all[index].inFlight < lanes.all[best].inFlight
            {
                best = index
            }
            lanes.all[best].inFlight += 1
            return (best, lanes.all[best].reader)
        }
        do {
            let bytes = try await reader.read(at: offset, count: count)
            lanes.withLock { $0.all[index].inFlight -= 1 }
            return bytes
        } catch {
            // A stop (pause, Ctrl-C) is no helper's failure: its connection stays good.
            let retry = index > 0 && !(error is CancellationError) && !Task.isCancelled
            lanes.withLock { lanes in
                lanes.all[index].inFlight -= 1
                if retry { lanes.all[index].failed = true }
            }
            guard retry else { throw error }
            return try await read(at: offset, count: count)
        }
    }

    /// Closes every lane and gives the helpers' connections back; the first lane's close
    /// error, if any, is the one thrown.
    func close() async throws {
        let all = lanes.withLock { lanes in
            lanes.closed = true
            return lanes.all
        }
        for lane in all.dropFirst() {
            try? await lane.reader.close()
            await lane.release?(lane.failed)
        }
        try await all[0].reader.close()
    }
}
