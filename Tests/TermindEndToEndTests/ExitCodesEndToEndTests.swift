import Foundation
import TermindTestSupport
import XCTest

/// The exit-code table `termind --help` and the README print is the truth: every documented
/// code is produced by a case of the kind it names, run as a script would run termind.
final class ExitCodesEndToEndTests: XCTestCase {
    private var server: SSHDServer!
    private var home: VaultHome!
    private var scratch: TemporaryDirectory!

    override func setUpWithError() throws {
        server = try startSSHD()
        home = try VaultHome()
        scratch = try TemporaryDirectory(prefix: "termind-exit-codes", mode: 0o755)
    }

    override func tearDown() {
        server?.stop()
        server = nil
        home = nil
        scratch = nil
    }

    private var target: String { "\(server.username)@\(server.host):\(server.port)" }

    /// The codes `--help` documents, in its order.
    private func documentedCodes() throws -> [Int32] {
        let help = try TermindBinary.run(["--help"]).stdout
        let table = try XCTUnwrap(help.components(separatedBy: "Exit codes:\n").last)
        return table.split(separator: "\n").compactMap { line in
            line.hasPrefix("  ") ? line.split(separator: " ").first.flatMap { Int32($0) } : nil
        }
    }

    func testEveryDocumentedExitCodeIsProducedByTheCaseItNames() throws {
        let key = server.clientPrivateKeyPath
        let otherKey = scratch.path + "/other"
        XCTAssertEqual(try ChildProcess.run("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", otherKey]).status, 0)

        // Each case in a home of its own, so one case's trust or damage never leaks into another.
        let cases: [Int32: (name: String, run: (VaultHome) throws -> ChildProcess.Output)] = [
            0: ("success", { try $0.run(["hosts", "list"]) }),
            1: ("a Vault rule: no such Host", { try $0.run(["hosts", "show", "nowhere"]) }),
            2: ("usage: an unknown option", { try $0.run(["hosts", "list", "--bogus"]) }),
            3: ("authentication: a key the server refuses", { home in
                try home.run(["ls", "--batch", "--accept-new", "-i", otherKey, "\(self.target):/"])
            }),
            4: ("host key unknown and not accepted", { try $0.run(["ls", "--batch", "-i", key, "\(self.target):/"]) }),
            5: ("host key changed", { home in
                let fake = try String(contentsOfFile: otherKey + ".pub", encoding: .utf8).split(separator: " ")[1]
                _ = try home.run(["known-hosts", "add", "[\(self.server.host)]:\(self.server.port)", "ssh-ed25519", String(fake)])
                return try home.run(["ls", "--batch", "-i", key, "\(self.target):/"])
            }),
            6: ("an interaction needed without a terminal", { home in
                _ = try home.run(["identities", "add", "bare", "--user", self.server.username])
                _ = try home.run(["hosts", "add", "bare", "--hostname", self.server.host, "--port", String(self.server.port), "--identity", "bare"])
                return try home.run(["ls", "--batch", "--accept-new", "bare:/"], environment: ["SSH_AUTH_SOCK": ""])
            }),
            7: ("connection failed: nothing listening", { home in
                let closed = try Self.closedPort()
                return try home.run(["ls", "--batch", "--connect-timeout", "3", "tester@127.0.0.1:\(closed):/"])
            }),
            8: ("transfer incomplete: the source changed while copied", { home in try self.changingSourceCopy(home) }),
            9: ("vault unavailable: a damaged database", { home in
                try FileManager.default.createDirectory(atPath: home.path + "/.local/share/termind", withIntermediateDirectories: true)
                try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: home.databasePath))
                return try home.run(["hosts", "list"])
            }),
            130: ("interrupted: SIGINT during a copy", { home in try self.interruptedCopy(home) }),
        ]

        let documented = try documentedCodes()
        XCTAssertEqual(Set(documented), Set(cases.keys), "every documented code needs a case here, and no more")
        for code in documented {
            guard let (name, run) = cases[code] else { continue }
            let result = try run(try VaultHome())
            XCTAssertEqual(result.status, code, "\(name): \(result.stderr)")
        }
    }

    /// A 128 MiB download whose source is rewritten (same name, other size) while it is read.
    private func changingSourceCopy(_ home: VaultHome) throws -> ChildProcess.Output {
        let remote = try TemporaryDirectory(prefix: "termind-exit-8", mode: 0o755)
        let source = remote.path + "/moving.bin"
        XCTAssertEqual(try ChildProcess.run("sh", ["-c", "head -c 134217728 /dev/urandom > '\(source)'"]).status, 0)
        return try home.bash("""
            "$T" cp --batch --accept-new -i '\(server.clientPrivateKeyPath)' '\(target):\(source)' '\(scratch.path)/moving-copy.bin' & pid=$!
            for i in $(seq 200); do ls -a '\(scratch.path)' | grep -q 'moving-copy.bin.termind-partial' && break; sleep 0.05; done
            head -c 1000 /dev/urandom >> '\(source)'; touch -d '2001-01-01' '\(source)'
            wait $pid
            """)
    }

    /// A 256 MiB download stopped by SIGINT once its partial is there.
    private func interruptedCopy(_ home: VaultHome) throws -> ChildProcess.Output {
        let remote = try TemporaryDirectory(prefix: "termind-exit-130", mode: 0o755)
        let source = remote.path + "/big.bin"
        XCTAssertEqual(try ChildProcess.run("sh", ["-c", "head -c 268435456 /dev/zero > '\(source)'"]).status, 0)
        return try home.bash("""
            set -m
            "$T" cp --batch --accept-new -i '\(server.clientPrivateKeyPath)' '\(target):\(source)' '\(scratch.path)/' & pid=$!
            for i in $(seq 200); do ls -a '\(scratch.path)' | grep -q 'big.bin.termind-partial' && break; sleep 0.05; done
            kill -INT $pid; wait $pid
            """)
    }

    /// A loopback port with nothing listening on it.
    private static func closedPort() throws -> Int {
        let probe = try ChildProcess.run("python3", ["-c", """
            import socket
            s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()
            """])
        return try XCTUnwrap(Int(probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
    }
}
