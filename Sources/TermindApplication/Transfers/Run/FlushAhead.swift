import Synchronization

/// An upload's helper connection, holding the partial open read-only to flush it while the
/// upload's own connection goes on writing (`FileFlusher`). sftp-server answers one request at
/// a time, so a flush on the writing connection would stop its writes; on a helper it runs
/// beside them, and the flush before the rename finds little left (a 1 GiB upload waited
/// about a second for it).
///
/// A helper's failure is never the upload's: it is left out and the final flush does the work.
/// `Sendable`: the helper lives behind a `Mutex`.
final class FlushAhead: Sendable {
    private struct Helper {
        let flusher: any FileFlusher
        let release: @Sendable (_ failed: Bool) async -> Void
        var failed = false
    }

    private struct State {
        var helper: Helper?
        var closed = false
    }

    private let state = Mutex(State())

    /// Flushes through `flusher` from now on; false (nothing joined) once closed, when the
    /// caller closes `flusher` and gives its connection back itself.
    func join(_ flusher: any FileFlusher, release: @escaping @Sendable (_ failed: Bool) async -> Void) -> Bool {
        state.withLock { state in
            guard !state.closed, state.helper == nil else { return false }
            state.helper = Helper(flusher: flusher, release: release)
            return true
        }
    }

    /// Flushes the partial through the helper; false when none has joined or it failed.
    func flush() async -> Bool {
        guard let flusher = state.withLock({ $0.helper.flatMap { $0.failed ? nil : $0.flusher } }) else { return false }
        do {
            try await flusher.flush()
            return true
        } catch {
            // A stop (pause, Ctrl-C) is no failure of the helper's connection.
            if !(error is CancellationError) && !Task.isCancelled { state.withLock { $0.helper?.failed = true } }
            return false
        }
    }

    /// Closes the helper's file and gives its connection back.
    func close() async {
        let helper = state.withLock { state in
            state.closed = true
            return state.helper
        }
        guard let helper else { return }
        try? await helper.flusher.close()
        await helper.release(helper.failed)
    }
}
