import TermindApplication

/// A command (or, inside `LibSSH2RemoteShell`, a shell) on an exec channel owned by the
/// connection's worker: calls here are requests to that worker. It and its `output` keep the
/// connection alive. Releasing it does not close the channel: the command runs to its end (or
/// until `close()`, or until the connection closes).
///
/// `Sendable`: it holds the worker, the connection and the output, all `Sendable`.
final class LibSSH2RemoteProcess: RemoteProcess {
    let output: AsyncThrowingStream<RemoteOutput, any Error>
    private let connection: LibSSH2Connection
    private let worker: ConnectionWorker
    let channel: Int

    init(connection: LibSSH2Connection, worker: ConnectionWorker, handle: ChannelHandle) {
        self.connection = connection
        self.worker = worker
        self.channel = handle.id
        self.output = handle.output.stream(retaining: connection)
    }

    func write(_ bytes: [UInt8]) async throws {
        let channel = self.channel
        try await worker.request { loop, continuation in loop.write(bytes, to: channel, continuation: continuation) }
    }

    func send(_ bytes: [UInt8]) async throws {
        let channel = self.channel
        try await worker.request { loop, continuation in loop.enqueue(bytes, to: channel, continuation: continuation) }
    }

    func post(_ bytes: [UInt8], failed: @escaping @Sendable (any Error) -> Void) {
        let channel = self.channel
        worker.submit(ConnectionWorker.Job(perform: { $0.post(bytes, to: channel, failed: failed) }, reject: failed))
    }

    func closeInput() async throws {
        let channel = self.channel
        try await worker.request { loop, continuation in loop.closeInput(of: channel, continuation: continuation) }
    }

    func close() async {
        let channel = self.channel
        try? await worker.request { loop, continuation in loop.closeChannel(channel, continuation: continuation) }
    }

    /// Asks for a window-change; the newest pending size wins.
    func resize(_ size: TerminalSize) {
        let channel = self.channel
        worker.submit(ConnectionWorker.Job(perform: { $0.resize(channel, to: size) }, reject: { _ in }))
    }
}
