import TermindApplication

extension RemoteProcess {
    /// Reads the command's output to its end, giving each piece to `each`. Cancelled (Ctrl-C,
    /// SIGTERM): closing the channel sends the command SIGTERM and ends the output (which may
    /// also stop at once, throwing); the close goes out before the connection says goodbye (from
    /// a task of its own, which this one's cancel does not reach), then `CancellationError`.
    func readToEnd(_ each: (RemoteOutput) -> Void) async throws {
        do {
            try await withTaskCancellationHandler {
                for try await output in self.output { each(output) }
            } onCancel: {
                Task { await self.close() }
            }
        } catch {
            if !Task.isCancelled { throw error }
        }
        if Task.isCancelled {
            await Task { await self.close() }.value
            throw CancellationError()
        }
    }
}
