import Foundation
import TermindApplication

/// The one place where a failure of the store's file becomes a `VaultUnavailable`: SQLite's
/// result codes (with the operating system's errno behind them) and the errno of the Vault's
/// own file operations (creating its directory, reading its header, the key file).
extension VaultUnavailable {
    /// The Vault failure for an SQLite error about the file itself (corrupt, locked, not
    /// writable, cannot be opened, disk full, I/O), or nil for an error about the request
    /// (a constraint, a misuse), which the store reports in the Vault's own words.
    init?(_ error: SQLiteError, location: String, busyTimeout: Duration) {
        let detail = Self.detail(error.message, errno: error.systemErrorNumber)
        if error.isBusy {
            self.init(location: location, cause: .locked(seconds: Self.seconds(busyTimeout)))
        } else if error.isCorrupt {
            self.init(location: location, cause: .corrupt(detail: detail))
        } else if error.isPermissionDenied || error.isReadOnly {
            self.init(location: location, cause: .noPermission(detail: detail))
        } else if error.isCannotOpen {
            self.init(location: location, cause: .other(detail: "it cannot be opened: \(detail)"))
        } else if error.code == .full {
            self.init(location: location, cause: .other(detail: "the disk is full: \(detail)"))
        } else if error.code == .ioError {
            self.init(location: location, cause: .other(detail: "an I/O error occurred: \(detail)"))
        } else {
            return nil
        }
    }

    /// The Vault failure for a failed system call `what` (e.g. "cannot create the directory
    /// /x") with `errno`, about the file at `location`.
    init(errno number: Int32, _ what: String, location: String) {
        let detail = "\(what): \(String(cString: strerror(number)))"
        switch number {
        case EACCES, EPERM, EROFS:
            self.init(location: location, cause: .noPermission(detail: detail))
        default:
            self.init(location: location, cause: .other(detail: detail))
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    private static func detail(_ message: String, errno number: Int32?) -> String {
        guard let number, number != 0 else { return message }
        return "\(message) (\(String(cString: strerror(number))))"
    }
}
