import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real OpenSSH `sshd` on 127.0.0.1 for one test: its own temporary directory with fresh host
/// keys (Ed25519, ECDSA P-256, RSA), a client key pair authorised for the `TestAccount`, a config
/// allowing public key, password and keyboard-interactive (PAM) logins and the `sftp` subsystem,
/// and a free port. Stops (and removes its directory) in `stop()` or when released.
///
/// Each instance is independent, so a test can run two (a jump host and a target). Methods may
/// be called from any thread; the server itself is a child process.
public final class SSHDServer: @unchecked Sendable {
    /// The host key algorithms the rig gives every server, by their wire names.
    public static let hostKeyAlgorithms = ["ssh-ed25519", "ecdsa-sha2-nistp256", "ssh-rsa"]

    public let host = "127.0.0.1"
    public let port: Int
    public let directory: TemporaryDirectory
    public var username: String { TestAccount.username }
    public var password: String { TestAccount.password }
    /// The unencrypted Ed25519 client key whose public half is in `authorized_keys`.
    public let clientPrivateKeyPath: String
    public let clientPublicKeyPath: String
    public let configPath: String
    public let logPath: String
    public let authorizedKeysPath: String

    private let process: ChildProcess

    /// Starts a server, adding `extra` (sshd_config lines) to the rig's configuration.
    public static func start(configure extra: String = "") throws -> SSHDServer {
        try TestAccount.ensureExists()
        let sshd = try ChildProcess.resolve("/usr/sbin/sshd")
        _ = try ChildProcess.resolve("ssh-keygen")
        guard FileManager.default.isExecutableFile(atPath: sshd) else {
            throw TestRigError("\(sshd) is not installed; run `make test`, which installs the test prerequisites")
        }
        try FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true)
        chmod("/run/sshd", 0o755)

        // sshd reads authorized_keys with the test account's uid, so the directory must be readable.
        let directory = try TemporaryDirectory(prefix: "termind-sshd", mode: 0o755)
        for (type, bits) in [("ed25519", nil), ("ecdsa", "256"), ("rsa", "2048")] {
            let path = directory.path + "/ssh_host_\(type)_key"
            try keygen(["-q", "-t", type, "-N", "", "-C", "termind-test-host-\(type)", "-f", path] + (bits.map { ["-b", $0] } ?? []))
        }
        let clientPrivateKeyPath = directory.path + "/client_ed25519"
        try keygen(["-q", "-t", "ed25519", "-N", "", "-C", "termind-test-client", "-f", clientPrivateKeyPath])
        chmod(clientPrivateKeyPath, 0o600)
        let clientPublicKey = try String(contentsOfFile: clientPrivateKeyPath + ".pub", encoding: .utf8)
        let authorizedKeysPath = try directory.write(clientPublicKey, to: "authorized_keys", mode: 0o644)

        var lastFailure = TestRigError("sshd did not start")
        for _ in 0..<5 {
            let port = try freePort()
            let config = configuration(directory: directory.path, port: port, extra: extra)
            let configPath = try directory.write(config, to: "sshd_config", mode: 0o644)
            let check = try ChildProcess.run(sshd, ["-t", "-f", configPath])
            guard check.status == 0 else {
                throw TestRigError("sshd -t rejected the rig's configuration: \(check.stderr)\n\(config)")
            }
            let logPath = directory.path + "/sshd.log"
            try? FileManager.default.removeItem(atPath: logPath)
            let process = try ChildProcess("/bin/sh", ["-c", keeper, "sshd-keeper", sshd, "-D", "-e", "-E", logPath, "-f", configPath])
            do {
                // One "Server listening" line per address (127.0.0.1, and ::1 when a test adds it).
                let addresses = config.components(separatedBy: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("ListenAddress") }.count
                try waitUntilListening(process: process, port: port, logPath: logPath, addresses: max(1, addresses))
                return SSHDServer(
                    port: port, directory: directory, process: process, configPath: configPath, logPath: logPath,
                    clientPrivateKeyPath: clientPrivateKeyPath, authorizedKeysPath: authorizedKeysPath)
            } catch let failure as TestRigError {
                process.stop()
                lastFailure = failure
                let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
                guard log.contains("Address already in use") || log.contains("Cannot bind") else { throw failure }
            }
        }
        throw lastFailure
    }

    private init(
        port: Int, directory: TemporaryDirectory, process: ChildProcess, configPath: String, logPath: String,
        clientPrivateKeyPath: String, authorizedKeysPath: String
    ) {
        self.port = port
        self.directory = directory
        self.process = process
        self.configPath = configPath
        self.logPath = logPath
        self.clientPrivateKeyPath = clientPrivateKeyPath
        self.clientPublicKeyPath = clientPrivateKeyPath + ".pub"
        self.authorizedKeysPath = authorizedKeysPath
    }

    deinit { stop() }

    /// Stops the server and removes its directory. Safe to call more than once.
    ///
    /// Waits a moment for sshd's per-connection processes to finish first: killed from under
    /// them, they would be re-parented to init and, in a container whose init does not reap,
    /// stay behind as zombies.
    public func stop() {
        if process.isRunning, let listener = listenerProcessIdentifier() {
            _ = waitUntil(timeout: 2) { !Self.hasChildren(listener) }
        }
        process.stop()
        directory.remove()
    }

    /// Ends every connection the server holds (SIGTERM to the listener's per-connection
    /// processes, which this server started) and keeps listening: the clients see their
    /// connections lost and can connect again at once. Returns how many were ended.
    @discardableResult
    public func dropConnections() -> Int {
        guard let listener = listenerProcessIdentifier() else { return 0 }
        let children = Self.children(of: listener)
        for child in children { kill(child, SIGTERM) }
        return children.count
    }

    /// SIGKILLs every process holding one of this server's established connections (its
    /// sessions' sshd processes, which outlive the listener) until none is left, as a network
    /// that drops dead would leave them; works after `stop()` too. The pids killed.
    public func killEstablishedSessions() throws -> Set<pid_t> {
        var killed: Set<pid_t> = []
        var unlisted: (any Error)?
        // Each look runs ss: ten a second, for at most five seconds.
        _ = waitUntil(timeout: 5, every: 0.1) {
            let sessions: ChildProcess.Output
            do {
                sessions = try ChildProcess.run("ss", ["-Htnp", "state", "established", "( sport = :\(port) )"])
            } catch {
                unlisted = error
                return true
            }
            let pids = Set(sessions.stdout.components(separatedBy: "pid=").dropFirst().compactMap { pid_t($0.prefix { $0.isNumber }) })
            if pids.isEmpty && !killed.isEmpty { return true }
            for pid in pids { kill(pid, SIGKILL) }
            killed.formUnion(pids)
            return false
        }
        if let unlisted { throw unlisted }
        return killed
    }

    /// Every process this server's sessions run (the listener's descendants, of any account),
    /// with its arguments as `ps` shows them to every user of the machine (`/proc/PID/cmdline`).
    public func sessionProcesses() -> [(pid: pid_t, arguments: [String])] {
        guard let listener = listenerProcessIdentifier() else { return [] }
        var descendants: [pid_t] = []
        var parents = [listener]
        while let parent = parents.popLast() {
            let children = Self.children(of: parent)
            descendants += children
            parents += children
        }
        return descendants.compactMap { pid in
            guard let cmdline = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let arguments = cmdline.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return (pid, arguments)
        }
    }

    /// The pids whose parent is `parent` (from /proc/<pid>/stat).
    private static func children(of parent: pid_t) -> [pid_t] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap { entry -> pid_t? in
            guard entry.allSatisfy(\.isNumber), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == parent ? pid_t(entry) : nil
        }
    }

    /// The sshd listener's pid, from its PidFile.
    private func listenerProcessIdentifier() -> pid_t? {
        let text = try? String(contentsOfFile: directory.path + "/sshd.pid", encoding: .utf8)
        return text.flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Whether any process has `parent` as its parent (read from /proc/<pid>/stat).
    private static func hasChildren(_ parent: pid_t) -> Bool {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return false }
        for entry in entries where entry.allSatisfy(\.isNumber) {
            guard let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            // After "pid (comm)": state, then ppid.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, pid_t(fields[1]) == parent { return true }
        }
        return false
    }

    public var isRunning: Bool { process.isRunning }

    /// The public host key file for `algorithm` (`ssh-ed25519`, `ecdsa-sha2-nistp256`, `ssh-rsa`).
    public func hostPublicKeyPath(for algorithm: String) throws -> String {
        let type: String
        switch algorithm {
        case "ssh-ed25519", "ed25519": type = "ed25519"
        case "ecdsa-sha2-nistp256", "ecdsa": type = "ecdsa"
        case "ssh-rsa", "rsa-sha2-256", "rsa-sha2-512", "rsa": type = "rsa"
        default: throw TestRigError("the sshd rig has no \(algorithm) host key; it has \(Self.hostKeyAlgorithms)")
        }
        return directory.path + "/ssh_host_\(type)_key.pub"
    }

    /// The host public key line for `algorithm` (`type base64 comment`), as known_hosts would hold it.
    public func hostPublicKey(for algorithm: String) throws -> String {
        try String(contentsOfFile: hostPublicKeyPath(for: algorithm), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `SHA256:...` exactly as `ssh-keygen -lf` prints it for the server's `algorithm` key.
    public func fingerprint(ofHostKey algorithm: String) throws -> String {
        let output = try Self.keygen(["-l", "-E", "sha256", "-f", hostPublicKeyPath(for: algorithm)])
        guard let field = output.split(separator: " ").first(where: { $0.hasPrefix("SHA256:") }) else {
            throw TestRigError("ssh-keygen -lf printed no SHA256 fingerprint: \(output)")
        }
        return String(field)
    }

    /// Everything sshd has logged so far (LogLevel VERBOSE): accepted methods, failures, PAM.
    public func log() -> String {
        (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    }

    /// Waits up to `timeout` seconds until the log has the login of every session it started:
    /// sshd logs a login ("Accepted ... port P") and the session's start ("Starting session:
    /// ... port P") from different processes, so the login's line can come second. Whether it
    /// did; then a count of logins is complete for the sessions so far.
    public func waitUntilEverySessionsLoginIsLogged(timeout: TimeInterval = 10) -> Bool {
        waitUntil(timeout: timeout) {
            let lines = log().split(separator: "\n")
            let clientPort = { (line: Substring) -> Substring? in
                line.range(of: " port ").map { line[$0.upperBound...].prefix { $0.isNumber } }
            }
            let sessions = Set(lines.filter { $0.contains("Starting session:") }.compactMap(clientPort))
            let logins = Set(lines.filter { $0.contains("Accepted ") }.compactMap(clientPort))
            return sessions.isSubset(of: logins)
        }
    }

    /// Waits up to `timeout` seconds for `text` to appear in the log (sshd writes it a moment
    /// after the client sees the result); returns whether it did.
    public func waitForLog(containing text: String, timeout: TimeInterval = 5) -> Bool {
        waitUntil(timeout: timeout) { log().contains(text) }
    }

    // MARK: - Setting up

    /// Runs its arguments as a child and stays its parent, passing SIGTERM on. sshd closes every
    /// inherited descriptor at start, including the one Foundation's `Process` watches to learn
    /// that a child ended; Foundation then blocks in `waitpid` for sshd's whole life and no other
    /// `Process` in the test run can finish (ssh-keygen hangs). The shell keeps that descriptor.
    static let keeper = """
        trap 'kill -TERM "$child" 2>/dev/null; wait "$child"; exit 0' TERM INT
        "$@" & child=$!
        wait "$child"
        """

    /// sshd keeps the first value it reads for a keyword, so `extra` comes before the rig's
    /// defaults to override them; its `Match` blocks (which run to the end of the file) go last.
    static func configuration(directory: String, port: Int, extra: String) -> String {
        let lines = extra.split(separator: "\n", omittingEmptySubsequences: false)
        let matchStart = lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("match ") } ?? lines.endIndex
        let overrides = lines[..<matchStart].joined(separator: "\n")
        let matchBlocks = lines[matchStart...].joined(separator: "\n")
        return """
        \(overrides)
        ListenAddress 127.0.0.1
        Port \(port)
        HostKey \(directory)/ssh_host_ed25519_key
        HostKey \(directory)/ssh_host_ecdsa_key
        HostKey \(directory)/ssh_host_rsa_key
        # libssh2 1.10 verifies RSA host keys only with ssh-rsa (SHA-1) signatures.
        HostKeyAlgorithms +ssh-rsa
        AuthorizedKeysFile \(directory)/authorized_keys
        UsePAM yes
        KbdInteractiveAuthentication yes
        PasswordAuthentication yes
        PubkeyAuthentication yes
        PermitRootLogin no
        Subsystem sftp internal-sftp
        StrictModes no
        PidFile \(directory)/sshd.pid
        LogLevel VERBOSE
        \(matchBlocks)

        """
    }

    @discardableResult
    private static func keygen(_ arguments: [String]) throws -> String {
        let result = try ChildProcess.run("ssh-keygen", arguments)
        guard result.status == 0 else {
            throw TestRigError("ssh-keygen \(arguments.joined(separator: " ")) failed (status \(result.status)): \(result.stderr)")
        }
        return result.stdout
    }

    /// A port that was free a moment ago: bind 127.0.0.1:0, read the port, close.
    public static func unusedPort() throws -> Int { try freePort() }

    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestRigError("socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else { throw TestRigError("bind: \(String(cString: strerror(errno)))") }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw TestRigError("getsockname: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Waits until sshd logs "Server listening" for each of its `addresses` and the port accepts
    /// a TCP connection on 127.0.0.1.
    private static func waitUntilListening(process: ChildProcess, port: Int, logPath: String, addresses: Int) throws {
        let listening = waitUntil(timeout: 10) {
            guard process.isRunning else { return true }
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            return log.components(separatedBy: "Server listening").count - 1 >= addresses && canConnect(port: port)
        }
        if !process.isRunning {
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            throw TestRigError("sshd exited on port \(port) before listening; its log:\n\(log)")
        }
        if listening { return }
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        throw TestRigError("sshd did not listen on 127.0.0.1:\(port) within 10 s; its log:\n\(log)")
    }

    private static func canConnect(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
