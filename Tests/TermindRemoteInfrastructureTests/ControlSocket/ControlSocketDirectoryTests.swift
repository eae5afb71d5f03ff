import Foundation
import TermindApplication
import TermindDomain
import XCTest

@testable import TermindRemoteInfrastructure

/// The control socket's directory and socket are used only when they are this uid's and
/// closed to others; anything else is refused with the path named and left untouched. A
/// stale socket (nobody listening) is replaced by a new server.
final class ControlSocketDirectoryTests: XCTestCase {
    private var base: String!

    override func setUpWithError() throws {
        base = NSTemporaryDirectory() + "termind-control-\(UUID().uuidString)"
        XCTAssertEqual(mkdir(base, 0o700), 0)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: base)
    }

    func testXDGRuntimeDirIsUsedAndTheTemporaryDirectoryWithTheUidOtherwise() {
        XCTAssertEqual(ControlSocketDirectory(environment: ["XDG_RUNTIME_DIR": "/run/user/1000/"]).path, "/run/user/1000/termind")
        XCTAssertEqual(ControlSocketDirectory(environment: [:]).path, "/tmp/termind-\(getuid())")
        XCTAssertEqual(ControlSocketDirectory(environment: ["XDG_RUNTIME_DIR": "relative"]).path, "/tmp/termind-\(getuid())")
        XCTAssertEqual(ControlSocketDirectory(environment: ["TMPDIR": "/var/tmp/"]).path, "/var/tmp/termind-\(getuid())")
        XCTAssertEqual(ControlSocketDirectory(environment: ["TMPDIR": "rel", "XDG_RUNTIME_DIR": ""]).path, "/tmp/termind-\(getuid())")
    }

    func testADirectoryOpenToOthersOrOfAnotherUidIsRefusedAndLeftAlone() throws {
        let directory = ControlSocketDirectory(path: base + "/termind")
        XCTAssertFalse(try directory.check(), "absent: nothing to use")
        try directory.prepare()
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: directory.path)[.posixPermissions] as? Int, 0o700)
        XCTAssertEqual(chmod(directory.path, 0o755), 0)
        XCTAssertThrowsError(try directory.check()) { error in
            XCTAssertTrue("\(error)".contains("mode 0755"), "\(error)")
        }
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: directory.path)[.posixPermissions] as? Int, 0o755, "not chmod'ed")
        let someoneElse = ControlSocketDirectory(path: directory.path, uid: getuid() + 1)
        XCTAssertEqual(chmod(directory.path, 0o700), 0)
        XCTAssertThrowsError(try someoneElse.check()) { error in
            XCTAssertTrue("\(error)".contains("owned by uid \(getuid())"), "\(error)")
        }
        XCTAssertEqual(symlink(directory.path, base + "/link"), 0)
        XCTAssertThrowsError(try ControlSocketDirectory(path: base + "/link").check())
    }

    func testAFileThatIsNoSocketOrIsOpenToOthersIsRefused() throws {
        let directory = ControlSocketDirectory(path: base + "/termind")
        try directory.prepare()
        let path = directory.path + "/x.sock"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
        XCTAssertThrowsError(try directory.checkSocket(path)) { XCTAssertTrue("\($0)".contains("not a socket"), "\($0)") }
        XCTAssertEqual(unlink(path), 0)
        let (descriptor, _) = try UnixSocket.listen(path)
        defer { close(descriptor) }
        XCTAssertTrue(try directory.checkSocket(path))
        XCTAssertEqual(chmod(path, 0o666), 0)
        XCTAssertThrowsError(try directory.checkSocket(path)) { XCTAssertTrue("\($0)".contains("mode 0666"), "\($0)") }
    }

    func testAStaleSocketIsReplacedAndALiveOneIsLeftToItsServer() async throws {
        let directory = ControlSocketDirectory(path: base + "/termind")
        try directory.prepare()
        let target = ControlTarget(vault: "v", label: "web", username: "u", hostname: "h", port: 22)
        let path = directory.socketPath(for: target)
        // A socket whose server died: bound, never listening, closed.
        let (stale, _) = try UnixSocket.listen(path)
        close(stale)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        let identity = ControlIdentity(
            username: "u", hostname: "h", port: 22,
            hostKey: HostKey(algorithm: "ssh-ed25519", blob: [9], fingerprint: KeyFingerprint(blob: [9])), serverBanner: nil)
        let acquire: ControlServer.Acquire = { throw SSHFailure(.dropped, connection: "web", detail: "none") }
        let server = try XCTUnwrap(try ControlServer.start(in: directory, for: target, identity: identity, acquire: acquire))
        defer { server.stop() }
        XCTAssertNil(try ControlServer.start(in: directory, for: target, identity: identity, acquire: acquire), "served already")
        let reached = try await ControlClient.connect(path)
        XCTAssertEqual(reached?.1, identity)
        reached?.0.close()
        server.stop()
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "stopping removes the socket")
    }
}
