import Foundation
import TermindTestSupport
import XCTest

/// The OpenSSH client installed on this machine, run as the oracle for ssh_config reading:
/// `ssh -G` prints the resolved configuration, and `ssh -v` with a ProxyCommand that exits at
/// once shows the identity files it loads after expanding them (`ssh -G` prints them unexpanded).
struct OpenSSHClient {
    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The resolved values `ssh -G` prints that the reader imports.
    struct Printed: Equatable {
        var hostname: String?
        var port: Int?
        var user: String?
        var identityFiles: [String] = []
        var proxyJump: String?
    }

    /// What ssh lists when the configuration sets no IdentityFile.
    static let defaultIdentityFiles = [
        "~/.ssh/id_rsa", "~/.ssh/id_ecdsa", "~/.ssh/id_ecdsa_sk", "~/.ssh/id_ed25519", "~/.ssh/id_ed25519_sk",
        "~/.ssh/id_xmss", "~/.ssh/id_dsa",
    ]

    private static let launching = NSLock()

    let executable: String
    /// `$HOME` for ssh: where `~` in `Include` points (ssh takes `~` elsewhere from the password database).
    let home: String

    /// The installed `ssh`; a missing oracle fails the test (`make test` installs it).
    static func installed() throws -> String {
        if let path = try? ChildProcess.resolve("ssh") { return path }
        throw TestRigError("ssh (OpenSSH client) is not installed: the ssh_config oracle tests cannot run; install openssh-client")
    }

    /// `ssh -G -F config -- alias`.
    func printedConfiguration(_ alias: String, config: String) throws -> (Run, Printed) {
        let run = try self.run(["-G", "-F", config, "--", alias])
        var printed = Printed()
        for line in Self.lines(run.stdout) {
            guard let space = line.firstIndex(of: " ") else { continue }
            let key = line[..<space], value = String(line[line.index(after: space)...])
            switch key {
            case "hostname": printed.hostname = value
            case "port": printed.port = Int(value)
            case "user": printed.user = value
            case "identityfile": printed.identityFiles.append(value)
            case "proxyjump": printed.proxyJump = value
            default: break
            }
        }
        return (run, printed)
    }

    /// The identity files ssh loads for `alias`, expanded: `ssh -v` up to the point where it has
    /// loaded them, with `ProxyCommand=false` so that no network is touched and it stops there.
    func loadedIdentityFiles(_ alias: String, config: String) throws -> [String] {
        let run = try self.run(["-v", "-F", config, "-o", "ProxyCommand=false", "-o", "BatchMode=yes", "--", alias])
        let prefix = "debug1: identity file "
        var files: [String] = []
        for line in Self.lines(run.stderr) where line.hasPrefix(prefix) {
            guard let type = line.range(of: " type ", options: .backwards) else { continue }
            let file = String(line[line.index(line.startIndex, offsetBy: prefix.count)..<type.lowerBound])
            // Each identity is followed by its "-cert" variant.
            if let last = files.last, file == last + "-cert" { continue }
            files.append(file)
        }
        return files
    }

    /// Runs ssh with only `HOME` and `PATH` set, stdin from /dev/null; stdout is read to the
    /// end before waiting, and ssh is killed if it has not finished within `timeout`.
    func run(_ arguments: [String], timeout: TimeInterval = 15) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = [
            "HOME": home, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LC_ALL": "C",
        ]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        // Foundation's Process.run() is not safe to call from two threads at once on Linux (seen as
        // a crash in its memcpy); runs may wait in parallel.
        try Self.launching.withLock { try process.run() }
        let killed = Box(false)
        let killer = DispatchWorkItem { [process] in
            if process.isRunning {
                killed.set(true)
                kill(process.processIdentifier, SIGKILL)
            }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: killer)
        let errorData = Box(Data())
        let errorsRead = DispatchSemaphore(value: 0)
        let errorHandle = errors.fileHandleForReading
        Thread {
            errorData.set(errorHandle.readDataToEndOfFile())
            errorsRead.signal()
        }.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        errorsRead.wait()
        process.waitUntilExit()
        killer.cancel()
        if killed.get() { throw TestRigError("ssh \(arguments.joined(separator: " ")) did not finish within \(timeout)s") }
        return Run(
            status: process.terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
            stderr: String(decoding: errorData.get(), as: UTF8.self))
    }

    /// ssh logs to stderr with CRLF line ends, which Swift sees as one character, not "\n".
    static func lines(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map(String.init)
    }

    /// The file and line of every complaint ssh printed (`FILE line N: ...` or `FILE: line N: ...`).
    static func complaints(in stderr: String) -> [(file: String, line: Int)] {
        lines(stderr).compactMap { line in
            guard let marker = line.range(of: " line ") else { return nil }
            var file = line[..<marker.lowerBound]
            if file.hasSuffix(":") { file = file.dropLast() }
            let number = line[marker.upperBound...].prefix { $0.isNumber }
            guard let value = Int(number), !file.isEmpty else { return nil }
            return (String(file), value)
        }
    }
}

/// A value handed between the reading or killing thread and the test.
private final class Box<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func set(_ newValue: Value) { lock.withLock { value = newValue } }
    func get() -> Value { lock.withLock { value } }
}
