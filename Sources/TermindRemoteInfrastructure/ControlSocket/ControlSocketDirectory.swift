import Foundation

/// Where this user's control sockets live: `$XDG_RUNTIME_DIR/termind`, or `termind-UID` in
/// `$TMPDIR` (else `/tmp`) when `XDG_RUNTIME_DIR` is unset, as tmux does. The directory must be
/// a real directory (not a link) owned by this uid with no access for group or others, and
/// each socket a socket owned by this uid, mode 0600 or narrower: anything else is refused
/// with `ControlSocketError` and left as it is (never chmod'ed, never removed). The caller
/// decides what a refusal means: a command that did not ask for sharing connects on its own.
public struct ControlSocketDirectory: Sendable {
    public let path: String
    private let uid: uid_t

    public init(environment: [String: String]) {
        let uid = getuid()
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            self.init(path: (runtime.hasSuffix("/") ? String(runtime.dropLast()) : runtime) + "/termind", uid: uid)
        } else {
            let temporary = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
            self.init(path: (temporary.hasSuffix("/") ? String(temporary.dropLast()) : temporary) + "/termind-\(uid)", uid: uid)
        }
    }

    public init(path: String, uid: uid_t = getuid()) {
        self.path = path
        self.uid = uid
    }

    public func socketPath(for target: ControlTarget) -> String { path + "/" + target.socketName }

    /// Throws when `socketPath` is too long for a unix socket's address (`sun_path`).
    public func checkLength(of socketPath: String) throws(ControlSocketError) {
        try UnixSocket.checkLength(socketPath)
    }

    /// Creates the directory (0700) when it is missing, then checks it.
    public func prepare() throws(ControlSocketError) {
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw ControlSocketError(path: path, detail: "cannot create the directory: \(String(cString: strerror(errno)))")
        }
        guard try check() else { throw ControlSocketError(path: path, detail: "the directory vanished while it was created") }
    }

    /// Checks the directory; false when it does not exist.
    @discardableResult
    public func check() throws(ControlSocketError) -> Bool {
        try check(
            path, kind: S_IFDIR, what: "directory", notIt: "this is not a directory (a link or a file); remove it, or set XDG_RUNTIME_DIR to a private directory",
            openBits: 0o077, wanted: "0700 (chmod 700 \(path) if you made it, or remove it)")
    }

    /// Checks the socket at `socketPath`; false when nothing is there.
    func checkSocket(_ socketPath: String) throws(ControlSocketError) -> Bool {
        try check(
            socketPath, kind: S_IFSOCK, what: "socket", notIt: "this is not a socket; refusing to use it (remove it)",
            openBits: 0o177, wanted: "0600; refusing to use it")
    }

    /// `entry` is of `kind`, this uid's, with none of `openBits` set; false when nothing is there.
    private func check(
        _ entry: String, kind: mode_t, what: String, notIt: String, openBits: mode_t, wanted: String
    ) throws(ControlSocketError) -> Bool {
        var info = stat()
        guard lstat(entry, &info) == 0 else {
            if errno == ENOENT { return false }
            throw ControlSocketError(path: entry, detail: "cannot read the \(what): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == kind else { throw ControlSocketError(path: entry, detail: notIt) }
        guard info.st_uid == uid else {
            throw ControlSocketError(
                path: entry, detail: "the \(what) is owned by uid \(info.st_uid), not \(uid); refusing to use it "
                    + "(remove it, or set XDG_RUNTIME_DIR to a private directory)")
        }
        guard info.st_mode & openBits == 0 else {
            throw ControlSocketError(
                path: entry, detail: "the \(what) has mode \(Self.octal(info.st_mode)); it must be \(wanted)")
        }
        return true
    }

    private static func octal(_ mode: mode_t) -> String { "0" + String(mode & 0o7777, radix: 8) }
}
