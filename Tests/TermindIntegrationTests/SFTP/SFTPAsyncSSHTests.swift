import Foundation
import Synchronization
import TermindApplication
import TermindDomain
import TermindRemoteInfrastructure
import TermindTestSupport
import XCTest

/// Termind's SFTP client against asyncssh's SFTP server (a second implementation, serving a
/// directory as `/`), and a connection that drops in the middle of a download.
final class SFTPAsyncSSHTests: XCTestCase {
    private var server: AsyncSSHServer?
    private var root: TemporaryDirectory?
    private var connection: (any SSHConnection)?
    private var files: (any RemoteFileSystem)?

    override func tearDown() async throws {
        await files?.close()
        await connection?.close()
        files = nil
        connection = nil
        server?.stop()
        server = nil
        root?.remove()
        root = nil
    }

    /// A server for `alice` serving a fresh directory, and the file system on a connection.
    private func open(_ misbehaviour: AsyncSSHScenario.Misbehaviour? = nil) async throws -> (any RemoteFileSystem, TemporaryDirectory) {
        let root = try TemporaryDirectory(prefix: "termind-sftp-root")
        self.root = root
        var scenario = AsyncSSHScenario().user("alice", authorizesClientKey: true).sftp(root: root.path)
        if let misbehaviour { scenario = scenario.misbehaving(misbehaviour) }
        let server = try AsyncSSHServer.start(scenario)
        self.server = server
        let key = Credential.key(label: "rig", privateKey: try SSHDServer.secret(atPath: server.clientPrivateKeyPath),
                                 passphrase: nil, isEncrypted: false, algorithm: .ed25519)
        let plan = ConnectionPlan(label: "asyncssh-\(server.port)", hostname: server.host, port: server.port, username: "alice",
                                  credentials: [key], useAgent: false)
        let (connection, files) = try await within(.seconds(20)) {
            let connection = try await LibSSH2Connector(agentSocketPath: nil).connect(plan, using: connectionContext())
            return (connection, try await connection.openFileSystem())
        }
        self.connection = connection
        self.files = files
        return (files, root)
    }

    func testTheSameOperationsWorkAgainstAsyncSSH() async throws {
        let (files, root) = try await open()
        XCTAssertNotNil(files.serverExtensions["posix-rename@openssh.com"], "\(files.serverExtensions)")
        try root.write("hello", to: "greeting.txt")

        try await within(.seconds(30)) {
            try await files.makeDirectory("/incoming", permissions: 0o755)
            let listed = try await files.list("/")
            XCTAssertEqual(Set(listed.map(\.path)), ["/greeting.txt", "/incoming"])
            XCTAssertEqual(listed.first { $0.name == "incoming" }?.kind, .directory)
            let greeting = try await files.stat("/greeting.txt")
            XCTAssertEqual(greeting.attributes.size, 5)

            let bytes = (0..<(2 << 20) + 17).map { UInt8(truncatingIfNeeded: $0 &* 13) }
            let writer = try await files.openForWriting("/incoming/data.part", .createNew, permissions: 0o640)
            try await FileSystemTransfer.upload(bytes, to: writer, inFlight: 16)
            try await writer.close()
            try await files.rename("/incoming/data.part", to: "/greeting.txt", replacing: true)
            let reader = try await files.openForReading("/greeting.txt")
            let fetched = try await FileSystemTransfer.download(reader, size: bytes.count, inFlight: 16)
            try await reader.close()
            XCTAssertEqual(fetched, bytes)

            // asyncssh reads SYMLINK in the draft's order from a non-OpenSSH client, and maps an
            // absolute target into its root (it cannot show a relative one back).
            try await files.symlink(at: "/link", pointingTo: "/greeting.txt")
            XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: root.path + "/link"), root.path + "/greeting.txt")
            let target = try await files.readlink("/link")
            XCTAssertEqual(target, "/greeting.txt")
            let followed = try await files.stat("/link")
            XCTAssertEqual(followed.attributes.size, UInt64(bytes.count))
            try await files.remove("/link")
            try await files.removeDirectory("/incoming")
        }
        XCTAssertEqual(FileManager.default.contents(atPath: root.path + "/greeting.txt")?.count, (2 << 20) + 17)

        do {
            _ = try await files.stat("/missing")
            XCTFail("a missing file was found")
        } catch let error as FileSystemError {
            XCTAssertEqual(error.kind, .noSuchFile)
            XCTAssertEqual(error.path, "/missing")
        }
    }

    func testAConnectionDroppingMidReadFailsEveryPendingReadWithConnectionLost() async throws {
        let (files, root) = try await open(.dropAfterBytes(1_500_000))
        let size = 8 << 20
        try Data(repeating: 0x42, count: size).write(to: root.appending("big.bin"))
        let reader = try await files.openForReading("/big.bin")
        let chunk = reader.preferredChunkSize

        let outcomes = try await within(.seconds(30)) {
            try await withThrowingTaskGroup(of: Result<Int, FileSystemError>.self) { group in
                for index in 0..<(size / chunk) {
                    group.addTask {
                        do {
                            return .success(try await reader.read(at: UInt64(index * chunk), count: chunk).count)
                        } catch let error as FileSystemError {
                            return .failure(error)
                        }
                    }
                }
                var outcomes: [Result<Int, FileSystemError>] = []
                for try await outcome in group { outcomes.append(outcome) }
                return outcomes
            }
        }
        let failures = outcomes.compactMap { if case .failure(let error) = $0 { error } else { nil } }
        XCTAssertGreaterThan(failures.count, 0, "the connection dropped after 1.5 MB of an 8 MiB download")
        for failure in failures {
            XCTAssertEqual(failure.kind, .connectionLost, "\(failure)")
            XCTAssertEqual(failure.path, "/big.bin")
        }
        XCTAssertEqual(try server?.waitForEvent("drop").afterBytes, 1_500_000)

        // The file system stays closed: a later call fails at once, not after a timeout.
        let started = ContinuousClock.now
        do {
            _ = try await within(.seconds(5)) { try await files.stat("/big.bin") }
            XCTFail("a call succeeded after the connection dropped")
        } catch let error as FileSystemError {
            XCTAssertEqual(error.kind, .connectionLost)
        }
        XCTAssertLessThan(started.duration(to: .now), .seconds(2))
    }
}
