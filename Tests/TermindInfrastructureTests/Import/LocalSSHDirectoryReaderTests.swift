import Foundation
import TermindApplication
import TermindDomain
import TermindInfrastructure
import TermindTestSupport
import XCTest

/// The folder walk stays inside the folder, never blocks or reads what is not a small regular
/// file, and lists what it set aside.
final class LocalSSHDirectoryReaderTests: XCTestCase {
    private var folder: TemporaryDirectory!
    private var outside: TemporaryDirectory!

    override func setUpWithError() throws {
        folder = try TemporaryDirectory(prefix: "termind-ssh")
        outside = try TemporaryDirectory(prefix: "termind-outside")
    }

    override func tearDown() {
        folder = nil
        outside = nil
    }

    /// Every entry of a walk, by path relative to the folder.
    private func walk() throws -> [String: SSHDirectoryEntry] {
        var entries: [String: SSHDirectoryEntry] = [:]
        try LocalSSHDirectoryReader().walk(folder.path) { entry in
            switch entry {
            case .file(let path, _), .skipped(let path, _, _): entries[String(path.dropFirst(folder.path.count + 1))] = entry
            }
        }
        return entries
    }

    private func content(_ entry: SSHDirectoryEntry?) -> String? {
        if case .file(_, let content) = entry { return content.revealed }
        return nil
    }

    private func skipKind(_ entry: SSHDirectoryEntry?) -> ImportSkippedItem.Kind? {
        if case .skipped(_, let kind, _) = entry { return kind }
        return nil
    }

    func testFilesAreReadRecursivelyInPathOrder() throws {
        try folder.write("Host a\n", to: "config")
        try folder.write("Host b\n", to: "config.d/work")
        var order: [String] = []
        try LocalSSHDirectoryReader().walk(folder.path) { entry in
            if case .file(let path, _) = entry { order.append(path) }
        }
        XCTAssertEqual(order, [folder.path + "/config", folder.path + "/config.d/work"])
    }

    func testASymlinkLeadingOutsideTheFolderIsListedNotFollowed() throws {
        let secret = try outside.write("-----BEGIN OPENSSH PRIVATE KEY-----\n", to: "id_elsewhere")
        XCTAssertEqual(symlink(secret, folder.path + "/id_link"), 0)
        XCTAssertEqual(symlink(outside.path, folder.path + "/dir_link"), 0)
        XCTAssertEqual(symlink("../" + outside.url.lastPathComponent + "/id_elsewhere", folder.path + "/relative_link"), 0)
        let entries = try walk()
        XCTAssertEqual(skipKind(entries["id_link"]), .outsideFolder)
        XCTAssertEqual(skipKind(entries["dir_link"]), .outsideFolder)
        XCTAssertEqual(skipKind(entries["relative_link"]), .outsideFolder)
        XCTAssertNil(entries["dir_link/id_elsewhere"])
        guard case .skipped(_, _, let reason) = entries["id_link"] else { return XCTFail() }
        XCTAssertTrue(reason.contains("outside the folder: not followed"), reason)
    }

    func testASymlinkInsideTheFolderIsFollowedAndALoopIsReadOnce() throws {
        try folder.write("Host a\n", to: "keys/config")
        XCTAssertEqual(symlink("keys/config", folder.path + "/config_link"), 0)
        XCTAssertEqual(symlink("..", folder.path + "/keys/up"), 0)
        let entries = try walk()
        XCTAssertEqual(content(entries["config_link"]), "Host a\n")
        XCTAssertEqual(content(entries["keys/config"]), "Host a\n")
        XCTAssertFalse(entries.keys.contains { $0.hasPrefix("keys/up/") }, "the loop back to the folder is not walked again")
    }

    func testAFileOverOneMebibyteIsListedNotRead() throws {
        try folder.write(String(repeating: "x", count: SSHDirectoryLimits.maximumFileSize), to: "exactly")
        try folder.write(String(repeating: "x", count: SSHDirectoryLimits.maximumFileSize + 1), to: "bigger")
        let entries = try walk()
        XCTAssertEqual(content(entries["exactly"])?.count, SSHDirectoryLimits.maximumFileSize)
        XCTAssertEqual(skipKind(entries["bigger"]), .tooLarge)
    }

    func testAFIFOOrASocketIsListedAndNeverOpened() throws {
        XCTAssertEqual(mkfifo(folder.path + "/fifo", 0o600), 0)
        let socketPath = folder.path + "/cm-socket"
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in socketPath.utf8.enumerated() where index < buffer.count - 1 { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        XCTAssertEqual(bound, 0)
        let entries = try walk()
        XCTAssertEqual(skipKind(entries["fifo"]), .notAFile)
        XCTAssertEqual(skipKind(entries["cm-socket"]), .notAFile)
    }

    func testAnUnreadableFileOrFolderIsListedWithTheReason() throws {
        let shared = try TemporaryDirectory(prefix: "termind-ssh-shared", mode: 0o755)
        try shared.write("secret", to: "locked", mode: 0o000)
        try shared.write("Host a\n", to: "private/config")
        chmod(shared.path + "/private", 0o700)
        try shared.write("Host b\n", to: "config")
        var entries: [String: SSHDirectoryEntry] = [:]
        // Root reads every file: walk as the test account, as a person's own files would be.
        try asNonRoot {
            try LocalSSHDirectoryReader().walk(shared.path) { entry in
                switch entry {
                case .file(let path, _), .skipped(let path, _, _): entries[String(path.dropFirst(shared.path.count + 1))] = entry
                }
            }
        }
        guard case .skipped(_, .unreadable, let reason) = entries["locked"] else { return XCTFail("\(entries)") }
        XCTAssertEqual(reason, "permission denied")
        guard case .skipped(_, .unreadable, let folderReason) = entries["private"] else { return XCTFail("\(entries)") }
        XCTAssertEqual(folderReason, "a folder that cannot be read: permission denied")
        XCTAssertEqual(content(entries["config"]), "Host b\n", "the walk goes on past what it cannot read")
    }

    /// Runs `body` with the effective ids of the `termind-test` account when running as root.
    private func asNonRoot(_ body: () throws -> Void) throws {
        guard geteuid() == 0 else { return try body() }
        try TestAccount.ensureExists()
        guard let entry = getpwnam(TestAccount.username) else { throw TestRigError("no \(TestAccount.username) account") }
        XCTAssertEqual(setegid(entry.pointee.pw_gid), 0)
        XCTAssertEqual(seteuid(entry.pointee.pw_uid), 0)
        defer {
            seteuid(0)
            setegid(0)
        }
        try body()
    }

    func testAFolderThatDoesNotExistIsAnErrorNamingIt() {
        let missing = folder.path + "/nope"
        XCTAssertThrowsError(try LocalSSHDirectoryReader().walk(missing) { _ in }) { error in
            XCTAssertEqual(error as? ImportFailure, .folderUnreadable(path: missing, reason: "No such file or directory"))
        }
    }

    func testReadGivesTheContentAsItIsNow() throws {
        let path = try folder.write("one", to: "id_ed25519")
        XCTAssertEqual(try LocalSSHDirectoryReader().read(path).revealed, "one")
        try folder.write("two", to: "id_ed25519")
        XCTAssertEqual(try LocalSSHDirectoryReader().read(path).revealed, "two")
        XCTAssertThrowsError(try LocalSSHDirectoryReader().read(folder.path + "/gone"))
    }
}
