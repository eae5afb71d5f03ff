import TermindApplication
import TermindDomain

/// An authenticated connection: the target's worker and, for a jump chain, the hops' workers
/// (first hop first) whose tunnels carry it. Closing it closes the target, then the hops from
/// the last to the first; releasing it without closing does the same without waiting.
///
/// `Sendable`: it holds only `Sendable` workers.
final class LibSSH2Connection: SSHConnection {
    let label: String
    /// The target's host key, as the trust check accepted it.
    let hostKey: HostKey?
    private let target: ConnectionWorker
    private let hops: [ConnectionWorker]
    /// How long an SFTP request may wait for its answer once sent.
    private let requestTimeout: Duration

    init(label: String, target: ConnectionWorker, hops: [ConnectionWorker], hostKey: HostKey? = nil,
         requestTimeout: Duration = SFTPExchange.defaultRequestTimeout) {
        self.label = label
        self.hostKey = hostKey
        self.target = target
        self.hops = hops
        self.requestTimeout = requestTimeout
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

    func execute(
        _ command: String, onTerminal term: String, size: TerminalSize, environment: [String: String]
    ) async throws -> any RemoteShell {
        let handle: ChannelHandle = try await target.request { loop, continuation in
            loop.openShell(term: term, size: size, environment: environment, command: command, continuation: continuation)
        }
        return LibSSH2RemoteShell(process: LibSSH2RemoteProcess(connection: self, worker: target, handle: handle))
    }

    /// Opens a channel running the subsystem `name`: its stdin and stdout carry the
    /// subsystem's protocol. Opened with a large window, for bulk data.
    func openSubsystem(_ name: String) async throws -> LibSSH2RemoteProcess {
        let handle: ChannelHandle = try await target.request { loop, continuation in
            loop.openSubsystem(name, continuation: continuation)
        }
        return LibSSH2RemoteProcess(connection: self, worker: target, handle: handle)
    }

    /// Termind's own SFTP v3 client on a new `sftp` subsystem channel.
    func openFileSystem() async throws -> any RemoteFileSystem {
        let process: LibSSH2RemoteProcess
        do {
            process = try await openSubsystem("sftp")
        } catch let failure as SSHFailure {
            // A live connection that refuses the subsystem has no SFTP; anything else is the
            // connection going away.
            let refused = failure.kind == .channel && target.ending == nil
            throw FileSystemError(refused ? .unsupported : .connectionLost, location: label, path: "",
                                  detail: "opening SFTP failed: \(failure.detail)")
        }
        return try await SFTPClient.open(
            over: process, location: label, serverSoftware: await serverBanner(), requestTimeout: requestTimeout)
    }

    /// The server's SSH identification string (nil once the worker has ended).
    func serverBanner() async -> String? {
        (try? await target.run { $0.serverBanner }) ?? nil
    }

    func forward(_ rule: ForwardRule) async throws -> ForwardListening {
        // Names are resolved here, off the worker thread: resolution blocks.
        func resolved(_ host: String, _ port: Int, passive: Bool) throws -> SocketAddress {
            do {
                return try SocketAddress.resolve(host, port: port, passive: passive)[0]
            } catch {
                throw ForwardFailure(rule: rule, detail: error.description)
            }
        }
        let bindHost = switch rule.bindAddress {
        case nil: "127.0.0.1"
        case "*": "0.0.0.0"
        case let address?: address
        }
        switch rule.kind {
        case .local, .dynamic:
            let address = try resolved(bindHost, rule.bindPort, passive: true)
            return try await target.request { loop, continuation in
                loop.startLocalListener(rule, at: address, continuation: continuation)
            }
        case .remote:
            let destination = try resolved(rule.targetHost ?? "localhost", rule.targetPort ?? 0, passive: false)
            return try await target.request { loop, continuation in
                loop.startRemoteListener(rule, bindHost: bindHost, target: destination, continuation: continuation)
            }
        }
    }

    func stopForward(_ listening: ForwardListening) async {
        try? await target.run { loop in loop.stopListener(listening.id) }
    }

    func waitUntilEnded() async -> SSHFailure? {
        await target.waitUntilEnded()
        if case .failed(let failure) = target.ending { return failure }
        return nil
    }

    func close() async {
        await target.close()
        for hop in hops.reversed() { await hop.close() }
    }
}
