import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The local account the sshd rig logs in as: `termind-test`, with a known password, a home and
/// bash. Created on first use (as root) and left in place for later runs; an existing account is
/// assumed to be the rig's and its password is never changed.
///
/// Creation is once per process (a `static let`) and serialised across test processes running
/// at the same time with an exclusive `flock` on a lock file.
public enum TestAccount {
    public static let username = "termind-test"
    /// Not a secret: a throwaway account on a test machine. Only the rig uses it.
    public static let password = "termind-test-password"

    /// Makes sure the account exists; throws a `TestRigError` saying what to do if it cannot.
    public static func ensureExists() throws {
        try creation.get()
    }

    /// The account's home directory.
    public static func homeDirectory() throws -> String {
        try ensureExists()
        guard let entry = getpwnam(username), let home = entry.pointee.pw_dir else {
            throw TestRigError("the account \(username) has no home directory entry")
        }
        return String(cString: home)
    }

    private static let creation: Result<Void, TestRigError> = Result { try create(username, shell: "/bin/bash", password: password) }
        .mapError { $0 as? TestRigError ?? TestRigError("creating \(username) failed: \($0)") }

    /// Makes sure an extra rig account `name` exists with login shell `shell` (for what depends
    /// on the person's shell, such as the shell integration); it has the rig's password, and the
    /// sshd rig's one authorized_keys file lets the rig's client key log in as it too. Returns
    /// its home directory.
    @discardableResult
    public static func ensureExists(_ name: String, shell: String) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: shell) else {
            throw TestRigError("\(shell) is not installed; run `make test`, which installs the test prerequisites")
        }
        try create(name, shell: shell, password: password)
        guard let entry = getpwnam(name), let home = entry.pointee.pw_dir else {
            throw TestRigError("the account \(name) has no home directory entry")
        }
        guard let loginShell = entry.pointee.pw_shell, String(cString: loginShell) == shell else {
            throw TestRigError("the account \(name) exists with another login shell than \(shell); remove it (userdel -r \(name))")
        }
        return String(cString: home)
    }

    /// The user and primary group IDs of the account `name`.
    public static func ids(of name: String) throws -> (user: uid_t, group: gid_t) {
        guard let entry = getpwnam(name) else { throw TestRigError("there is no account \(name)") }
        return (entry.pointee.pw_uid, entry.pointee.pw_gid)
    }

    private static func create(_ username: String, shell: String, password: String) throws {
        if getpwnam(username) != nil { return }
        guard geteuid() == 0 else {
            throw TestRigError("the test account \(username) does not exist and only root can create it; run `make test`")
        }
        let lockPath = NSTemporaryDirectory() + "/termind-test-account.lock"
        let lock = open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard lock >= 0 else { throw TestRigError("cannot open \(lockPath): \(String(cString: strerror(errno)))") }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw TestRigError("cannot lock \(lockPath): \(String(cString: strerror(errno)))") }
        }
        defer { flock(lock, LOCK_UN) }
        // Another process may have created it while this one waited for the lock.
        if getpwnam(username) != nil { return }

        let added = try ChildProcess.run("useradd", ["--create-home", "--shell", shell, username])
        // 9: the name is already in use (created outside the lock, e.g. by hand): leave it be.
        if added.status == 9 { return }
        guard added.status == 0 else {
            throw TestRigError("useradd \(username) failed (status \(added.status)): \(added.stderr)")
        }
        let changed = try ChildProcess.run("chpasswd", [], stdin: "\(username):\(password)\n")
        guard changed.status == 0 else {
            throw TestRigError("chpasswd for \(username) failed (status \(changed.status)): \(changed.stderr)")
        }
    }
}
