import Foundation
import TermindTestSupport
import XCTest

/// A home of its own for one test, with `termind` run in it: the Vault, key file and log all
/// land under this temporary directory.
final class VaultHome: @unchecked Sendable {
    let directory: TemporaryDirectory
    var environment: [String: String] = [:]

    init() throws { directory = try TemporaryDirectory(prefix: "termind-home") }

    var path: String { directory.path }
    var databasePath: String { path + "/.local/share/termind/termind.db" }
    var keyFilePath: String { path + "/.config/termind/vault.key" }
    var logPath: String { path + "/.local/state/termind/termind.log" }

    /// The environment for running termind in a terminal (tmux) with this home.
    var terminalEnvironment: [String: String] {
        ["HOME": path, "XDG_DATA_HOME": path + "/.local/share", "XDG_CONFIG_HOME": path + "/.config",
         "XDG_STATE_HOME": path + "/.local/state"].merging(environment) { $1 }
    }

    @discardableResult
    func run(_ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:]) throws -> ChildProcess.Output {
        try TermindBinary.run(arguments, stdin: stdin, home: directory, environment: environment.merging(extra) { $1 })
    }

    /// Starts `termind arguments` in the background in this home: a running child the test
    /// can signal and wait for with a deadline.
    func start(_ arguments: [String], environment extra: [String: String] = [:]) throws -> ChildProcess {
        try TermindBinary.start(arguments, home: directory, environment: environment.merging(extra) { $1 })
    }

    /// Runs `termind arguments` with its standard streams on a pseudo-terminal (`script -qec`),
    /// typing `input`; returns what the terminal received, byte for byte.
    func runOnTerminal(_ arguments: [String], input: String? = nil) throws -> (status: Int32, bytes: [UInt8]) {
        let command = ([try TermindBinary.path()] + arguments)
            .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        var environment = ProcessInfo.processInfo.environment.merging(terminalEnvironment) { $1 }
        environment["SHELL"] = "/bin/sh"
        environment["TERM"] = "xterm-256color"
        // The typescript file would begin with the command line itself; script's stdout holds
        // only what the terminal received.
        let result = try ChildProcess.run("script", ["-qec", command + "; echo \"exit $?\"", "/dev/null"], stdin: input, environment: environment)
        let bytes = Array(result.stdout.utf8)
        let text = String(decoding: bytes, as: UTF8.self)
        let status = text.range(of: "exit ", options: .backwards).flatMap { Int32(text[$0.upperBound...].prefix { $0.isNumber }) } ?? -1
        guard result.status == 0 else { throw TestRigError("script failed: \(result.stderr)") }
        return (status, bytes)
    }

    /// Runs `script` in bash as a person's shell would run termind (pipes, redirections, jobs):
    /// this home's environment, `$T` naming the built binary, and `extra`; ended after
    /// `timeout` seconds so a hung termind fails the test instead of stalling the run.
    func bash(_ script: String, timeout: Int = 300, environment extra: [String: String] = [:]) throws -> ChildProcess.Output {
        var environment = ProcessInfo.processInfo.environment.merging(terminalEnvironment) { $1 }
        environment["T"] = try TermindBinary.path()
        environment.merge(extra) { $1 }
        return try ChildProcess.run("timeout", [String(timeout), "bash", "-c", script], environment: environment)
    }

    /// Runs and fails the test unless the command exited 0; returns stdout.
    @discardableResult
    func succeed(
        _ arguments: [String], stdin: String? = nil, file: StaticString = #filePath, line: UInt = #line
    ) throws -> String {
        let result = try run(arguments, stdin: stdin)
        XCTAssertEqual(result.status, 0, "termind \(arguments.joined(separator: " ")): \(result.stderr)", file: file, line: line)
        return result.stdout
    }

    /// The rig's key as Key `rig`, an Identity `tester` (the sshd's account, with that key),
    /// and a Host per label on the sshd: what most end-to-end tests start from.
    func addRigHosts(_ labels: String..., on server: SSHDServer, file: StaticString = #filePath, line: UInt = #line) throws {
        try succeed(["keys", "import", "rig", "--file", server.clientPrivateKeyPath], file: file, line: line)
        try succeed(["identities", "add", "tester", "--user", server.username, "--key", "rig"], file: file, line: line)
        for label in labels {
            try succeed(
                ["hosts", "add", label, "--hostname", server.host, "--port", String(server.port), "--identity", "tester"], file: file, line: line)
        }
    }

    /// Parses `--json` output.
    func json(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> Any {
        let text = try succeed(arguments + ["--json"], file: file, line: line)
        return try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    /// Every byte under the data, config and state directories, to search for leaked secrets.
    func allStoredBytes() throws -> [(String, Data)] {
        var result: [(String, Data)] = []
        let enumerator = FileManager.default.enumerator(atPath: path)
        while let relative = enumerator?.nextObject() as? String {
            let full = path + "/" + relative
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue,
                let data = FileManager.default.contents(atPath: full)
            {
                result.append((relative, data))
            }
        }
        return result
    }
}
