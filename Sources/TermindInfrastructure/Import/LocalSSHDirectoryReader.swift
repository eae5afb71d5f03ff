import Foundation
import TermindApplication
import TermindDomain

#if canImport(Glibc)
import Glibc
#endif

/// The `SSHDirectoryReader` over the local file system: walks a folder (`~/.ssh`) recursively in
/// name order and reads each regular file, keeping the walk inside the folder.
///
/// - A symlink whose target (resolved with `realpath`) lies outside the folder is listed, not
///   followed; one inside is followed, and a folder reached twice is read once (no loops).
/// - Sockets (ControlMaster's), FIFOs and devices are listed, never opened; files are opened
///   with `O_NONBLOCK | O_NOFOLLOW` at their resolved path and checked again with `fstat`.
/// - Files over 1 MiB, and files or folders that cannot be read, are listed with the reason.
///
/// Stateless and `Sendable`; each call works on its own descriptors.
public struct LocalSSHDirectoryReader: SSHDirectoryReader {
    public init() {}

    public func walk(_ folder: String, visit: (SSHDirectoryEntry) throws -> Void) throws {
        var info = stat()
        guard stat(folder, &info) == 0 else {
            throw ImportFailure.folderUnreadable(path: folder, reason: Self.errorText(errno))
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw ImportFailure.folderUnreadable(path: folder, reason: "it is not a folder")
        }
        guard let root = Self.realPath(folder) else {
            throw ImportFailure.folderUnreadable(path: folder, reason: Self.errorText(errno))
        }
        var visited: Set<FileIdentity> = [FileIdentity(info)]
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw ImportFailure.folderUnreadable(path: folder, reason: Self.errorText(EACCES))
        }
        try walk(folder, names: names, root: root, visited: &visited, visit: visit)
    }

    public func read(_ path: String) throws -> Secret {
        switch Self.readRegularFile(path) {
        case .content(let bytes): return Secret(bytes: bytes)
        case .skipped(_, let reason): throw ImportFailure.sourceUnreadable(path: path, reason: reason)
        }
    }

    // MARK: Walking

    /// A file's device and inode: how a folder reached twice (through a symlink) is recognised.
    private struct FileIdentity: Hashable {
        let device: UInt64
        let inode: UInt64
        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    private func walk(
        _ directory: String, names: [String], root: String, visited: inout Set<FileIdentity>,
        visit: (SSHDirectoryEntry) throws -> Void
    ) throws {
        for name in names.sorted() {
            let path = directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else {
                try visit(.skipped(path: path, kind: .unreadable, reason: Self.errorText(errno)))
                continue
            }
            var target = path
            if info.st_mode & S_IFMT == S_IFLNK {
                guard let resolved = Self.realPath(path), stat(resolved, &info) == 0 else {
                    try visit(.skipped(path: path, kind: .notAFile, reason: "a symlink to nothing (its target is missing)"))
                    continue
                }
                guard resolved == root || resolved.hasPrefix(root + "/") else {
                    try visit(.skipped(
                        path: path, kind: .outsideFolder, reason: "a symlink to \(resolved), outside the folder: not followed"))
                    continue
                }
                target = resolved
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                guard visited.insert(FileIdentity(info)).inserted else { continue }
                guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else {
                    try visit(.skipped(
                        path: path, kind: .unreadable, reason: "a folder that cannot be read: \(Self.errorText(EACCES))"))
                    continue
                }
                try walk(path, names: entries, root: root, visited: &visited, visit: visit)
            case S_IFREG:
                switch Self.readRegularFile(target) {
                case .content(let bytes): try visit(.file(path: path, content: Secret(bytes: bytes)))
                case .skipped(let kind, let reason): try visit(.skipped(path: path, kind: kind, reason: reason))
                }
            default:
                try visit(.skipped(path: path, kind: .notAFile, reason: "\(Self.fileType(info.st_mode)), not a regular file"))
            }
        }
    }

    // MARK: Reading

    private enum Reading {
        case content([UInt8])
        case skipped(ImportSkippedItem.Kind, String)
    }

    /// Reads a regular file of at most `SSHDirectoryLimits.maximumFileSize` bytes; never blocks
    /// on a FIFO and never follows a last-moment symlink.
    private static func readRegularFile(_ path: String) -> Reading {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let error = errno
            return .skipped(error == ELOOP ? .notAFile : .unreadable, error == ELOOP ? "a symlink" : errorText(error))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .skipped(.unreadable, errorText(errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .skipped(.notAFile, "\(fileType(info.st_mode)), not a regular file") }
        let limit = SSHDirectoryLimits.maximumFileSize
        guard Int(info.st_size) <= limit else { return .skipped(.tooLarge, "\(info.st_size) bytes, more than the 1 MiB read") }
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var total = 0
        while total < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + total, buffer.count - total)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return .skipped(.unreadable, errorText(errno))
            }
            if count == 0 { break }
            total += count
        }
        guard total <= limit else { return .skipped(.tooLarge, "it grew past the 1 MiB read") }
        return .content(Array(bytes[..<total]))
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func fileType(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFSOCK: "a socket"
        case S_IFIFO: "a FIFO"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFDIR: "a folder"
        default: "a special file"
        }
    }

    private static func errorText(_ code: Int32) -> String {
        code == EACCES ? "permission denied" : String(cString: strerror(code))
    }
}
