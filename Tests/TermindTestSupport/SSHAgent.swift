import Foundation

/// A real OpenSSH `ssh-agent` for one test, listening on a socket in its own temporary
/// directory (`ssh-agent -D -a SOCKET`), with keys added by `ssh-add`. Stops (and removes its
/// directory) in `stop()` or when released.
///
/// ssh-agent closes the descriptors it inherits, which would leave Foundation's `Process` waiting
/// for it forever (see `SSHDServer.keeper`), so it runs under the same `sh` keeper as sshd.
/// Methods may be called from any thread; the agent itself is a child process.
public final class SSHAgent: @unchecked Sendable {
    /// The agent's socket, for `SSH_AUTH_SOCK`.
    public let socketPath: String
    public let directory: TemporaryDirectory
    private let process: ChildProcess

    /// Starts an agent and waits until its socket exists.
    public static func start() throws -> SSHAgent {
        let agent = try ChildProcess.resolve("ssh-agent")
        _ = try ChildProcess.resolve("ssh-add")
        let directory = try TemporaryDirectory(prefix: "termind-agent")
        let socketPath = directory.path + "/agent.sock"
        let process = try ChildProcess("/bin/sh", ["-c", SSHDServer.keeper, "ssh-agent-keeper", agent, "-D", "-a", socketPath])
        let created = waitUntil(timeout: 10) { FileManager.default.fileExists(atPath: socketPath) || !process.isRunning }
        guard created, process.isRunning else {
            process.stop()
            throw TestRigError("ssh-agent did not create \(socketPath) within 10 s")
        }
        return SSHAgent(socketPath: socketPath, directory: directory, process: process)
    }

    private init(socketPath: String, directory: TemporaryDirectory, process: ChildProcess) {
        self.socketPath = socketPath
        self.directory = directory
        self.process = process
    }

    deinit { stop() }

    /// Adds the private key file at `path` (unencrypted, mode 0600) to the agent.
    public func add(privateKeyPath path: String) throws {
        var environment = ProcessInfo.processInfo.environment
        environment["SSH_AUTH_SOCK"] = socketPath
        let result = try ChildProcess.run("ssh-add", ["-q", path], environment: environment)
        guard result.status == 0 else {
            throw TestRigError("ssh-add \(path) failed (status \(result.status)): \(result.stderr)")
        }
    }

    /// Stops the agent and removes its directory. Safe to call more than once.
    public func stop() {
        process.stop()
        directory.remove()
    }
}
