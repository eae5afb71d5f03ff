import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A resolved TCP address (a `sockaddr_in` or `sockaddr_in6` as bytes), so the worker thread
/// binds and connects without resolving names itself: resolution blocks, and the worker must
/// not.
struct SocketAddress: Sendable, Equatable {
    let family: Int32
    let bytes: [UInt8]

    /// The addresses `host:port` resolves to (`passive`: for listening), first preferred.
    static func resolve(_ host: String, port: Int, passive: Bool) throws(SocketAddressError) -> [SocketAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = passive ? AI_PASSIVE : 0
        var list: UnsafeMutablePointer<addrinfo>?
        let code = getaddrinfo(host, String(port), &hints, &list)
        guard code == 0, let list else {
            let reason = code == EAI_SYSTEM ? String(cString: strerror(errno)) : String(cString: gai_strerror(code))
            throw SocketAddressError(host: host, reason: reason, code: code)
        }
        defer { freeaddrinfo(list) }
        var addresses: [SocketAddress] = []
        var entry: UnsafeMutablePointer<addrinfo>? = list
        while let current = entry {
            if let address = current.pointee.ai_addr, current.pointee.ai_family == AF_INET || current.pointee.ai_family == AF_INET6 {
                let raw = UnsafeRawBufferPointer(start: address, count: Int(current.pointee.ai_addrlen))
                addresses.append(SocketAddress(family: current.pointee.ai_family, bytes: Array(raw)))
            }
            entry = current.pointee.ai_next
        }
        guard !addresses.isEmpty else { throw SocketAddressError(host: host, reason: "no IPv4 or IPv6 address", code: EAI_NONAME) }
        return addresses
    }

    /// The address of a socket's own end (`getsockname`).
    static func local(of descriptor: Int32) -> SocketAddress? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let code = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard code == 0 else { return nil }
        let bytes = withUnsafeBytes(of: &storage) { Array($0.prefix(Int(length))) }
        return SocketAddress(family: Int32(storage.ss_family), bytes: bytes)
    }

    /// Runs `body` with the address as a `sockaddr` and its length.
    func withSockaddr<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        bytes.withUnsafeBytes { raw in
            body(raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(bytes.count))
        }
    }

    /// The numeric host (`127.0.0.1`, `::1`).
    var host: String {
        var name = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        let code = withSockaddr { getnameinfo($0, $1, &name, socklen_t(name.count), nil, 0, NI_NUMERICHOST) }
        return code == 0 ? String(cString: name) : "?"
    }

    var port: Int {
        withSockaddr { pointer, _ in
            pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
        }
    }
}

/// A host name that did not resolve.
struct SocketAddressError: Error, CustomStringConvertible {
    let host: String
    let reason: String
    /// `getaddrinfo`'s code (`EAI_*`).
    let code: Int32
    var description: String { "'\(host)' does not resolve: \(reason)" }
}
