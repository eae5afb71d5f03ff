import Foundation
import TermindApplication

/// Creates the Vault's directories (the data directory, the config directory of the key
/// file) like `mkdir -p`, each missing component with mode 0700. Existing directories keep
/// their mode. Stateless; callable from any thread.
enum PrivateDirectory {
    /// - Throws: `VaultUnavailable` naming `location` (the file the directory is for) and the
    ///   component that could not be created.
    static func create(_ path: String, for location: String) throws {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw VaultUnavailable(errno: errno, "cannot create the directory \(prefix)", location: location)
            }
        }
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw VaultUnavailable(errno: errno, "cannot inspect the directory \(path)", location: location)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw VaultUnavailable(errno: ENOTDIR, "cannot use \(path) as a directory", location: location)
        }
    }
}
