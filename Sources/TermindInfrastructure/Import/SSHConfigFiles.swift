import Foundation
import TermindApplication

#if canImport(Glibc)
import Glibc
#endif

/// The file system as the ssh config reader sees it: `readFile` for a config file and the files
/// it includes, `expandGlob` for `Include` patterns (glob(3), sorted, as OpenSSH expands them).
/// Nothing is executed.
///
/// Stateless and `Sendable`.
public struct SSHConfigFiles: Sendable {
    /// A config file that cannot be read: the message names it and the cause.
    public struct ReadFailure: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { reason }
    }

    public init() {}

    /// The file's text; at most 1 MiB (`SSHDirectoryLimits.maximumFileSize`), UTF-8.
    public func readFile(_ path: String) throws -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { throw ReadFailure(path: path, reason: String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw ReadFailure(path: path, reason: "not a regular file") }
        guard Int(info.st_size) <= SSHDirectoryLimits.maximumFileSize else {
            throw ReadFailure(path: path, reason: "\(info.st_size) bytes, larger than 1 MiB")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReadFailure(path: path, reason: "permission denied")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw ReadFailure(path: path, reason: "not UTF-8 text") }
        return text
    }

    /// The paths matching `pattern`, sorted; none when nothing matches or the pattern is bad.
    public func expandGlob(_ pattern: String) -> [String] {
        var matches = glob_t()
        defer { globfree(&matches) }
        guard glob(pattern, 0, nil, &matches) == 0 else { return [] }
        return (0..<Int(matches.gl_pathc)).compactMap { index in
            matches.gl_pathv[index].map { String(cString: $0) }
        }
    }
}
