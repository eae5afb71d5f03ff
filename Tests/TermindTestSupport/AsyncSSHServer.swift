import Foundation

/// The scripted asyncssh server (`Tests/Rig/asyncssh_server.py`) on 127.0.0.1 for one test:
/// its own temporary directory holding the scenario, the event log and a fresh Ed25519 client
/// key pair, and a port the OS picked. Stops (and removes its directory) in `stop()` or when
/// released.
///
/// It stages what OpenSSH cannot: multi-round and zero-prompt keyboard-interactive, partial
/// success, canned exec results, a stalling or dropping server. Methods may be called from any
/// thread; the server itself is a child process.
public final class AsyncSSHServer: @unchecked Sendable {
    public let host = "127.0.0.1"
    public let port: Int
    /// `SHA256:...` of the server's host key, as the server printed it.
    public let hostKeyFingerprint: String
    /// The scenario as the server read it (the client key placeholder replaced).
    public let scenario: AsyncSSHScenario
    public let directory: TemporaryDirectory
    /// The unencrypted Ed25519 client key that `AsyncSSHScenario.clientKeyPlaceholder` stands for.
    public let clientPrivateKeyPath: String
    public let clientPublicKeyPath: String
    /// The client public key line (`ssh-ed25519 AAAA... comment`).
    public let clientPublicKey: String
    public let eventLogPath: String
    public let debugLogPath: String

    private let process: ChildProcess

    /// The server script, found next to this file's directory so any working directory works.
    public static let scriptPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Rig/asyncssh_server.py").path

    /// Starts a server playing `scenario` and waits until it listens.
    public static func start(_ scenario: AsyncSSHScenario) throws -> AsyncSSHServer {
        try prerequisites.get()
        let directory = try TemporaryDirectory(prefix: "termind-asyncssh")
        let clientPrivateKeyPath = directory.path + "/client_ed25519"
        let keygen = try ChildProcess.run(
            "ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "termind-test-client", "-f", clientPrivateKeyPath])
        guard keygen.status == 0 else {
            throw TestRigError("ssh-keygen could not make the asyncssh rig's client key (status \(keygen.status)): \(keygen.stderr)")
        }
        let clientPublicKey = try String(contentsOfFile: clientPrivateKeyPath + ".pub", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)

        var played = scenario.authorizing(clientPublicKey: clientPublicKey)
        played.log = directory.path + "/events.jsonl"
        played.debugLog = directory.path + "/asyncssh.log"
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let scenarioPath = try directory.write(
            String(decoding: try encoder.encode(played), as: UTF8.self), to: "scenario.json", mode: 0o600)

        let process = try ChildProcess("python3", [scriptPath, scenarioPath])
        let line: String
        do {
            line = try process.waitForLine(timeout: 20) { $0.hasPrefix("LISTENING ") }
        } catch {
            process.stop()
            let log = (try? String(contentsOfFile: played.debugLog!, encoding: .utf8)) ?? ""
            throw TestRigError("the asyncssh rig (\(scriptPath) \(scenarioPath)) did not start: \(error)\n\(log)")
        }
        let fields = line.split(separator: " ")
        guard fields.count == 3, let port = Int(fields[1]), fields[2].hasPrefix("SHA256:") else {
            process.stop()
            throw TestRigError("the asyncssh rig printed a malformed line: \(line)")
        }
        return AsyncSSHServer(
            port: port, hostKeyFingerprint: String(fields[2]), scenario: played, directory: directory,
            clientPrivateKeyPath: clientPrivateKeyPath, clientPublicKey: clientPublicKey, process: process)
    }

    private init(
        port: Int, hostKeyFingerprint: String, scenario: AsyncSSHScenario, directory: TemporaryDirectory,
        clientPrivateKeyPath: String, clientPublicKey: String, process: ChildProcess
    ) {
        self.port = port
        self.hostKeyFingerprint = hostKeyFingerprint
        self.scenario = scenario
        self.directory = directory
        self.clientPrivateKeyPath = clientPrivateKeyPath
        self.clientPublicKeyPath = clientPrivateKeyPath + ".pub"
        self.clientPublicKey = clientPublicKey
        self.eventLogPath = scenario.log ?? ""
        self.debugLogPath = scenario.debugLog ?? ""
        self.process = process
    }

    deinit { stop() }

    /// Stops the server and removes its directory. Safe to call more than once.
    public func stop() {
        process.stop()
        directory.remove()
    }

    public var isRunning: Bool { process.isRunning }

    // MARK: - What the server saw

    /// Every event logged so far, oldest first.
    public func events() throws -> [AsyncSSHEvent] {
        guard let data = FileManager.default.contents(atPath: eventLogPath) else { return [] }
        let decoder = JSONDecoder()
        // Only whole lines: the server may be writing the last one right now.
        let complete = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
        return try complete.filter { !$0.isEmpty }.map { line in
            do {
                return try decoder.decode(AsyncSSHEvent.self, from: Data(line))
            } catch {
                throw TestRigError("unreadable line in \(eventLogPath): \(String(decoding: line, as: UTF8.self)): \(error)")
            }
        }
    }

    /// The events named `event` (`auth`, `exec`, `window_change`...), oldest first.
    public func events(_ event: String) throws -> [AsyncSSHEvent] {
        try events().filter { $0.event == event }
    }

    /// Waits up to `timeout` seconds for an `event` satisfying `match` (the server logs a moment
    /// after the client sees the result) and returns the first one.
    @discardableResult
    public func waitForEvent(
        _ event: String, timeout: TimeInterval = 5, where match: (AsyncSSHEvent) -> Bool = { _ in true }
    ) throws -> AsyncSSHEvent {
        var found: AsyncSSHEvent?
        var unreadable: (any Error)?
        _ = waitUntil(timeout: timeout) {
            do {
                found = try events(event).first(where: match)
            } catch {
                unreadable = error
            }
            return found != nil || unreadable != nil
        }
        if let unreadable { throw unreadable }
        if let found { return found }
        throw TestRigError("the asyncssh rig logged no matching \(event) event within \(timeout) s; events: \(try events().map(\.event))")
    }

    /// asyncssh's and asyncio's own log (INFO), for diagnosing a failing test.
    public func debugLog() -> String {
        (try? String(contentsOfFile: debugLogPath, encoding: .utf8)) ?? ""
    }

    // MARK: - Prerequisites

    /// python3 with asyncssh, checked once per test process.
    private static let prerequisites: Result<Void, TestRigError> = Result {
        let check = try ChildProcess.run("python3", ["-c", "import asyncssh; print(asyncssh.__version__)"])
        guard check.status == 0 else {
            let reason = check.stderr.split(separator: "\n").last.map(String.init) ?? "status \(check.status)"
            throw TestRigError(
                "python3 cannot import asyncssh, which the asyncssh test rig needs (\(reason)); run `make test`, which installs the test prerequisites")
        }
        _ = try ChildProcess.resolve("ssh-keygen")
    }.mapError { $0 as? TestRigError ?? TestRigError("checking the asyncssh rig's prerequisites failed: \($0)") }
}
