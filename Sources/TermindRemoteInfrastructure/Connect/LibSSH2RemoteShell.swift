import TermindApplication

/// An interactive shell on a PTY: a `LibSSH2RemoteProcess` that can also be resized. Resizes
/// are coalesced by the worker (the newest size wins) and a refused one is only logged.
///
/// `Sendable`: it holds only the `Sendable` process.
final class LibSSH2RemoteShell: RemoteShell {
    private let process: LibSSH2RemoteProcess

    init(process: LibSSH2RemoteProcess) {
        self.process = process
    }

    var output: AsyncThrowingStream<RemoteOutput, any Error> { process.output }
    func write(_ bytes: [UInt8]) async throws { try await process.write(bytes) }
    func send(_ bytes: [UInt8]) async throws { try await process.send(bytes) }
    func post(_ bytes: [UInt8], failed: @escaping @Sendable (any Error) -> Void) { process.post(bytes, failed: failed) }
    func closeInput() async throws { try await process.closeInput() }
    func close() async { await process.close() }
    func resize(_ size: TerminalSize) async { process.resize(size) }
}
