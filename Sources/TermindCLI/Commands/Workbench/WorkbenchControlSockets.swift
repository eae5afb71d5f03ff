import Foundation
import TermindApplication
import TermindRemoteInfrastructure

/// The workbench's live connections offered to this user's other termind processes
/// (docs/behaviour.md §2, "Sharing across processes"): a control socket for each connection of
/// its `SharedConnections` whose host key is recorded, removed when that connection ends. A
/// client's channel holds a lease of the registry while it runs, so the connection outlives
/// the workbench's last pane on it until the client is done.
///
/// The registry's changes arrive in order through one stream and are handled by one task.
final class WorkbenchControlSockets: Sendable {
    private let changes: AsyncStream<SharedConnectionChange>
    private let feed: AsyncStream<SharedConnectionChange>.Continuation
    private let sharing: ControlSocketSharing
    private let shared: SharedConnections

    init(sharing: ControlSocketSharing, shared: SharedConnections) {
        self.sharing = sharing
        self.shared = shared
        (changes, feed) = AsyncStream.makeStream()
    }

    /// Serves until `stop`; call once.
    func run() async {
        let feed = self.feed
        await shared.observe { feed.yield($0) }
        var servers: [String: (number: Int, server: ControlServer)] = [:]
        for await change in changes {
            switch change {
            case .live(let label, let connection, let number):
                servers[label]?.server.stop()
                servers[label] = nil
                guard let plan = try? await sharing.opener.address(label) else { continue }
                let shared = self.shared
                let server = try? await sharing.serve(connection, plan: plan) {
                    let lease = try await shared.acquire(label) { _ in
                        throw SSHFailure(.dropped, connection: label, detail: "the workbench's connection has ended")
                    }
                    return ControlServer.Hold(connection: lease.connection) { await shared.release(lease) }
                }
                if let server { servers[label] = (number, server) }
            case .ended(let label, let number):
                guard let entry = servers[label], entry.number == number else { continue }
                entry.server.stop()
                servers[label] = nil
            }
        }
        for entry in servers.values { entry.server.stop() }
    }

    /// Removes every socket (the workbench quits).
    func stop() { feed.finish() }
}
