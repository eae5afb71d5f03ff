import Foundation
import TermindTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A directory for one SFTP test that the sshd rig's account (`termind-test`, whose sessions
/// serve SFTP) owns, so the server may create, change and remove things in it. The test itself
/// runs as root and prepares files here directly. Removed in `remove()` or when released.
final class SFTPTestArea: @unchecked Sendable {
    let directory: TemporaryDirectory
    var path: String { directory.path }
    private let owner: (uid: uid_t, gid: gid_t)

    init() throws {
        try TestAccount.ensureExists()
        guard let entry = getpwnam(TestAccount.username) else { throw TestRigError("no \(TestAccount.username) account") }
        owner = (entry.pointee.pw_uid, entry.pointee.pw_gid)
        directory = try TemporaryDirectory(prefix: "termind-sftp", mode: 0o755)
        try own(directory.path)
    }

    /// The full path of `name` inside the area.
    func path(_ name: String) -> String { path + "/" + name }

    /// Writes `bytes` to `name` (owned by the account unless `byRoot`) and returns its path.
    @discardableResult
    func write(_ bytes: [UInt8], to name: String, mode: mode_t = 0o644, byRoot: Bool = false) throws -> String {
        let file = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        chmod(file, mode)
        if !byRoot { try own(file) }
        return file
    }

    /// Makes directory `name` (owned by the account unless `byRoot`) and returns its path.
    @discardableResult
    func makeDirectory(_ name: String, mode: mode_t = 0o755, byRoot: Bool = false) throws -> String {
        let directory = path(name)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        chmod(directory, mode)
        if !byRoot { try own(directory) }
        return directory
    }

    func contents(_ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path(name)).map { Array($0) }
    }

    /// `lstat(2)` of `name`.
    func status(_ name: String) throws -> stat {
        var status = stat()
        guard lstat(path(name), &status) == 0 else {
            throw TestRigError("lstat \(path(name)): \(String(cString: strerror(errno)))")
        }
        return status
    }

    /// The SHA-256 of a file, as `sha256sum` prints it.
    static func sha256(ofFile file: String) throws -> String {
        let run = try ChildProcess.run("sha256sum", [file])
        guard run.status == 0, let digest = run.stdout.split(separator: " ").first else {
            throw TestRigError("sha256sum \(file) failed: \(run.stderr)")
        }
        return String(digest)
    }

    func remove() { directory.remove() }

    private func own(_ file: String) throws {
        guard chown(file, owner.uid, owner.gid) == 0 else {
            throw TestRigError("chown \(file) to \(TestAccount.username): \(String(cString: strerror(errno))); the tests run as root")
        }
    }
}
