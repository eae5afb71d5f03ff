import TermindApplication

/// An authenticated connection: the target's worker and, for a jump chain, the hops' workers
/// (first hop first) whose tunnels carry it. Closing it closes the target, then the hops from
/// the last to the first; releasing it without closing does the same without waiting.
///
/// `Sendable`: it holds only `Sendable` workers.
final class LibSSH2Connection: SSHConnection {
    let label: String
    private let target: ConnectionWorker
    private let hops: [ConnectionWorker]

    init(label: String, target: ConnectionWorker, hops: [ConnectionWorker]) {
        self.label = label
        self.target = target
        self.hops = hops
    }

    deinit {
        target.abort(.closed)
        for hop in hops.reversed() { hop.abort(.closed) }
    }

    func execute(_ command: String) async throws -> any RemoteProcess {
        let handle: ChannelHandle = try await target.request { loop, continuation in
            loop.openExec(command, continuation: continuation)
        }
        return LibSSH2RemoteProcess(connection: self, worker: target, handle: handle)
    }

    func openShell(term: String, size: TerminalSize, environment: [String: String]) async throws -> any RemoteShell {
        let handle: ChannelHandle = try await target.request { loop, continuation in
            loop.openShell(term: term, size: size, environment: environment, continuation: continuation)
        }
        return LibSSH2RemoteShell(process: LibSSH2RemoteProcess(connection: self, worker: target, handle: handle))
    }

    func openFileSystem() async throws -> any RemoteFileSystem {
        throw FileSystemError(.unsupported, location: label, path: "", detail: "SFTP is not built yet")
    }

    func close() async {
        await target.close()
        for hop in hops.reversed() { await hop.close() }
    }
}
