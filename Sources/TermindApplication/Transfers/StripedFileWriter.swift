import Synchronization

/// One partial written through more than one connection: each write goes to the lane with the
/// fewest writes in flight. A connection's packets are encrypted on its one worker thread, so
/// a big upload written through a helper connection uses a second core (docs/behaviour.md §4).
///
/// The first lane is the partial's own writer, which the transfer owns: it holds the claim,
/// flushes and renames, and `close()` leaves it open. A helper joins only after proving it
/// opened that very file (`RemoteFileSystem.openToWriteBeside`). A helper's failure is never
/// the transfer's: its write is sent again on the first lane (the same bytes at the same
/// offset) and the helper is left out from then on. `Sendable`: the lanes live behind a `Mutex`.
final class StripedFileWriter: FileWriter {
    private struct Lane {
        let writer: any FileWriter
        /// Gives the helper's connection back once its writer is closed (`failed`: it broke).
        let release: (@Sendable (_ failed: Bool) async -> Void)?
        var inFlight = 0
        var failed = false
    }

    private struct Lanes {
        var all: [Lane]
        var closed = false
    }

    private let lanes: Mutex<Lanes>
    private let first: any FileWriter
    let preferredChunkSize: Int

    init(_ writer: any FileWriter) {
        first = writer
        lanes = Mutex(Lanes(all: [Lane(writer: writer, release: nil)]))
        preferredChunkSize = writer.preferredChunkSize
    }

    /// Writes through one lane more; false (and nothing joined) once closed, when the caller
    /// closes `writer` and gives its connection back itself.
    func join(_ writer: any FileWriter, release: @escaping @Sendable (_ failed: Bool) async -> Void) -> Bool {
        lanes.withLock { lanes in
            guard !lanes.closed else { return false }
            lanes.all.append(Lane(writer: writer, release: release))
            return true
        }
    }

    func write(_ bytes: [UInt8], at offset: UInt64) async throws {
        let (index, writer) = lanes.withLock { lanes in
            var best = 0
            for index in lanes.all.indices.dropFirst() where !lanes.all[index].failed
                && lanes.all[index].inFlight < lanes.all[best].inFlight
            {
                best = index
            }
            lanes.all[best].inFlight += 1
            return (best, lanes.all[best].writer)
        }
        do {
            try await writer.write(bytes, at: offset)
            lanes.withLock { $0.all[index].inFlight -= 1 }
        } catch {
            // A stop (pause, Ctrl-C) is no helper's failure: its connection stays good.
            let retry = index > 0 && !(error is CancellationError) && !Task.isCancelled
            lanes.withLock { lanes in
                lanes.all[index].inFlight -= 1
                if retry { lanes.all[index].failed = true }
            }
            guard retry else { throw error }
            try await write(bytes, at: offset)
        }
    }

    /// The first lane's flush: every lane writes the same file, which it flushes whole.
    func synchronize() async throws { try await first.synchronize() }

    /// Closes the helpers' lanes and gives their connections back; the first lane stays open.
    func close() async throws {
        let helpers = lanes.withLock { lanes in
            lanes.closed = true
            return lanes.all.dropFirst()
        }
        for lane in helpers {
            try? await lane.writer.close()
            await lane.release?(lane.failed)
        }
    }
}
