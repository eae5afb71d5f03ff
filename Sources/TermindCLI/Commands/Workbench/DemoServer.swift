import Foundation
import TermindApplication
import TermindInfrastructure

/// A private OpenSSH server for `termind demo`: `sshd` on 127.0.0.1 at a free port, in a
/// temporary directory of its own with a fresh Ed25519 host key, accepting only one
/// authorized key, for the account that runs termind (root included: sshd then needs its
/// privilege-separation directory `/run/sshd`, made if missing). `stop()` ends it and removes
/// the directory.
///
/// Owns a child process and a directory; used from the demo command's one task.
final class DemoServer: @unchecked Sendable {
    /// Why the demo server could not start.
    struct Failure: CategorizedFailure {
        let description: String
        var exitCode: ExitCode { .failure }
    }

    static let sshdCandidates = ["/usr/sbin/sshd", "/usr/local/sbin/sshd", "/sbin/sshd"]

    let directory: String
    let port: Int
    let username: String
    private var process: pid_t = 0

    var logPath: String { directory + "/sshd.log" }

    /// Makes the directory and the host key, and picks the account and port; `start` runs it.
    init(account: SystemLocalAccount) throws {
        username = try account.userName()
        guard let template = strdup(NSTemporaryDirectory() + "/termind-demo-XXXXXX"), mkdtemp(template) != nil else {
            throw Failure(description: "could not make a temporary directory for the demo: \(String(cString: strerror(errno)))")
        }
        directory = String(cString: template)
        free(template)
        port = try Self.freePort()
        try Self.run("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "termind-demo-host", "-f", directory + "/host_ed25519_key"])
    }

    deinit { stop() }

    /// Writes the config with `authorizedKey` (a public key line) as the only key let in, starts
    /// sshd and waits until it listens.
    func start(authorizedKey: String) throws {
        guard let sshd = Self.sshdCandidates.first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw Failure(description: "termind demo needs OpenSSH's server (sshd), which is not installed; on Debian: apt-get install openssh-server")
        }
        try (authorizedKey + "\n").write(toFile: directory + "/authorized_keys", atomically: true, encoding: .utf8)
        let config = """
            ListenAddress 127.0.0.1
            Port \(port)
            HostKey \(directory)/host_ed25519_key
            AuthorizedKeysFile \(directory)/authorized_keys
            AllowUsers \(username)
            PubkeyAuthentication yes
            PasswordAuthentication no
            KbdInteractiveAuthentication no
            UsePAM no
            PermitRootLogin prohibit-password
            StrictModes no
            PidFile \(directory)/sshd.pid
            Subsystem sftp internal-sftp
            LogLevel VERBOSE

            """
        try config.write(toFile: directory + "/sshd_config", atomically: true, encoding: .utf8)
        if geteuid() == 0 {
            try? FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true)
            chmod("/run/sshd", 0o755)
        }
        process = try Self.spawn(sshd, ["-D", "-e", "-f", directory + "/sshd_config", "-E", logPath])
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            var status: Int32 = 0
            if waitpid(process, &status, WNOHANG) == process {
                process = 0
                let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
                throw Failure(description: "the demo's sshd exited before it listened:\n\(log)")
            }
            if Self.canConnect(port: port) { return }
            usleep(20_000)
        }
        throw Failure(description: "the demo's sshd did not listen on 127.0.0.1:\(port) within 10 seconds; see \(logPath)")
    }

    /// Stops sshd (and the sessions it forked) and removes the directory. Safe to call twice.
    func stop() {
        if process > 0 {
            kill(process, SIGTERM)
            var status: Int32 = 0
            waitpid(process, &status, 0)
            process = 0
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    // MARK: - Helpers

    /// Runs a tool to its end; throws with its output when it fails.
    private static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Failure(description: "termind demo needs \(tool) (OpenSSH's client tools): \(error)")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw Failure(description: "\(tool) failed (status \(process.terminationStatus)): \(output)")
        }
    }

    /// Starts sshd as a child with its standard streams on /dev/null. Not through Foundation's
    /// `Process`: sshd closes every inherited descriptor, including the one `Process` watches.
    private static func spawn(_ path: String, _ arguments: [String]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard result == 0 else {
            throw Failure(description: "could not start \(path): \(String(cString: strerror(result)))")
        }
        return pid
    }

    /// A port that was free a moment ago: bind 127.0.0.1:0 and read what the system chose.
    private static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        defer { close(socket) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) } }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        guard bound == 0, named == 0 else { throw Failure(description: "no free port on 127.0.0.1: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func canConnect(port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
