import Foundation

/// The few unix-socket calls the control socket needs, over Glibc.
enum UnixSocket {
    enum ConnectResult {
        case connected(Int32)
        /// Nobody listens (ECONNREFUSED): a stale socket file.
        case refused
        case absent
        /// A process listens but its queue of connections waiting to be accepted is full (it is
        /// stopped or overwhelmed).
        case busy
    }

    /// Connects to the socket at `path` without waiting: a listener whose queue is full is
    /// `busy`, never a wait. The connected descriptor blocks again.
    static func connect(_ path: String) throws -> ConnectResult {
        let descriptor = try socketDescriptor(path)
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
        let result = withAddress(path) { address, length in Glibc.connect(descriptor, address, length) }
        if result == 0 {
            _ = fcntl(descriptor, F_SETFL, flags)
            return .connected(descriptor)
        }
        let code = errno
        Glibc.close(descriptor)
        switch code {
        case ECONNREFUSED: return .refused
        case ENOENT: return .absent
        case EAGAIN: return .busy
        default: throw ControlSocketError(path: path, detail: "cannot connect: \(String(cString: strerror(code)))")
        }
    }

    /// A socket listening at `path`; throws with errno `EADDRINUSE` named when a file is there.
    static func listen(_ path: String) throws -> (Int32, inUse: Bool) {
        let descriptor = try socketDescriptor(path)
        let bound = withAddress(path) { address, length in Glibc.bind(descriptor, address, length) }
        if bound != 0 {
            let code = errno
            Glibc.close(descriptor)
            if code == EADDRINUSE { return (-1, true) }
            throw ControlSocketError(path: path, detail: "cannot listen: \(String(cString: strerror(code)))")
        }
        // Our own new file: the directory is 0700 already; the socket says so too.
        chmod(path, 0o600)
        guard Glibc.listen(descriptor, 64) == 0 else {
            let code = errno
            Glibc.close(descriptor)
            unlink(path)
            throw ControlSocketError(path: path, detail: "cannot listen: \(String(cString: strerror(code)))")
        }
        return (descriptor, false)
    }

    /// The uid of the process at the other end (SO_PEERCRED), nil when the kernel cannot tell.
    static func peerUID(_ descriptor: Int32) -> uid_t? {
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; }
        var credentials = [UInt32](repeating: 0, count: 3)
        var length = socklen_t(MemoryLayout<UInt32>.size * 3)
        let result = credentials.withUnsafeMutableBytes { raw in
            getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, raw.baseAddress, &length)
        }
        guard result == 0, length == socklen_t(MemoryLayout<UInt32>.size * 3) else { return nil }
        return credentials[1]
    }

    /// Throws when `path` does not fit a unix socket's address (`sun_path`, with its NUL).
    static func checkLength(_ path: String) throws(ControlSocketError) {
        let limit = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1
        guard path.utf8.count <= limit else {
            throw ControlSocketError(
                path: path, detail: "the path is \(path.utf8.count) bytes, longer than a unix socket's \(limit); "
                    + "set XDG_RUNTIME_DIR to a shorter directory")
        }
    }

    private static func socketDescriptor(_ path: String) throws -> Int32 {
        try checkLength(path)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else {
            throw ControlSocketError(path: path, detail: "cannot create a socket: \(String(cString: strerror(errno)))")
        }
        return descriptor
    }

    private static func withAddress<T>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
