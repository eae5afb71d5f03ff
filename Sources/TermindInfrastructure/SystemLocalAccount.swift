import Foundation
import TermindApplication

/// The `LocalAccount` of the process, read from the system, and the one place Termind learns
/// who runs it and where its home is.
///
/// - The user name: the user database's entry for the uid (`getpwuid_r`, as OpenSSH takes the
///   local user), else `$USER`, else `$LOGNAME`, else `LocalAccountUnknown`: a uid without an
///   entry (a container's arbitrary uid) is common, and must never crash.
/// - The host name: `gethostname`, else `localhost`.
/// - The home: `$HOME` when absolute (a person or a test pointing HOME elsewhere reads that
///   home's files consistently), else the account's.
///
/// A value over the environment it was given; `Sendable`.
public struct SystemLocalAccount: LocalAccount {
    public let environment: [String: String]
    public let userID: uid_t

    public init(environment: [String: String], userID: uid_t = getuid()) {
        self.environment = environment
        self.userID = userID
    }

    public func userName() throws -> String {
        if let name = Self.databaseName(of: userID), !name.isEmpty { return name }
        for variable in ["USER", "LOGNAME"] {
            if let name = environment[variable], !name.isEmpty { return name }
        }
        throw LocalAccountUnknown(userID: Int(userID))
    }

    public func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0, buffer[0] != 0 else { return "localhost" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public var homeDirectory: String {
        if let home = environment["HOME"], home.hasPrefix("/") { return home }
        return FileManager.default.homeDirectoryForCurrentUser.path
    }

    /// The login name the user database holds for `uid`, or nil when it has no entry or cannot
    /// be read. `getpwuid_r` writes into our buffer, grown while it reports `ERANGE`.
    static func databaseName(of uid: uid_t) -> String? {
        let suggested = sysconf(Int32(_SC_GETPW_R_SIZE_MAX))
        var size = suggested > 0 ? suggested : 1024
        while size <= 1 << 20 {
            var buffer = [CChar](repeating: 0, count: size)
            // The entry's strings point into the buffer: read them before it goes.
            let (status, name) = buffer.withUnsafeMutableBufferPointer { bytes -> (Int32, String?) in
                guard let base = bytes.baseAddress else { return (ERANGE, nil) }
                var entry = passwd()
                var found: UnsafeMutablePointer<passwd>?
                let status = getpwuid_r(uid, &entry, base, bytes.count, &found)
                guard status == 0, found != nil, let name = entry.pw_name else { return (status, nil) }
                return (status, String(cString: name))
            }
            if status == ERANGE {
                size *= 2
                continue
            }
            return name
        }
        return nil
    }
}
