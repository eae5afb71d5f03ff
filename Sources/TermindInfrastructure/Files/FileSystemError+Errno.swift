import Glibc
import TermindApplication

extension FileSystemError {
    /// A failed system call on this machine: the kind its `errno` means, the path, and what
    /// was being done with the system's own message (`cannot open: Permission denied`).
    init(errno code: Int32, _ doing: String, path: String) {
        self.init(Self.kind(errno: code), location: "local", path: path, detail: "\(doing): \(String(cString: strerror(code)))")
    }

    static func kind(errno code: Int32) -> Kind {
        switch code {
        case ENOENT: .noSuchFile
        case EACCES, EPERM, EROFS: .permissionDenied
        case ENOTDIR, ELOOP: .notADirectory
        case EISDIR: .isADirectory
        case EEXIST: .alreadyExists
        case ENOTEMPTY: .directoryNotEmpty
        case ENOSPC, EDQUOT, EFBIG: .noSpace
        case ENOSYS, EOPNOTSUPP, EXDEV: .unsupported
        default: .failure
        }
    }
}
