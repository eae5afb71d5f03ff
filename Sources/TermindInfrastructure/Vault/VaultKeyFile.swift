import Foundation
import TermindApplication
import TermindCrypto

/// The key file that seals the Vault's secrets when no master passphrase is set
/// (`XDGPaths.vaultKeyFile`): 32 random bytes, mode 0600, in a directory created 0700.
///
/// A file with any group or other permission bit is refused (`.keyFileUnsafe`), as OpenSSH
/// refuses a private key others can read. Creation is atomic and exclusive: the bytes go to a
/// temporary file that is then hard-linked into place, so a reader never sees half a key and
/// two processes creating it at once end up sharing whichever landed first. A plain value;
/// callable from any thread.
struct VaultKeyFile: Sendable {
    let path: String

    /// The key, or nil when the file does not exist.
    func read() throws -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw VaultUnavailable(errno: errno, "cannot read the vault key file", location: path)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw VaultUnavailable(errno: errno, "cannot inspect the vault key file", location: path)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw VaultUnavailable(location: path, cause: .other(detail: "the vault key file is not a regular file"))
        }
        guard status.st_mode & 0o077 == 0 else {
            throw VaultUnavailable(location: path, cause: .keyFileUnsafe(mode: UInt16(status.st_mode & 0o7777)))
        }
        var key = [UInt8](repeating: 0, count: AESGCM.keyByteCount + 1)
        var count = 0
        while count < key.count {
            let got = key.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw VaultUnavailable(errno: errno, "cannot read the vault key file", location: path)
            }
            if got == 0 { break }
            count += got
        }
        // A key file of another length was not written by Termind: it cannot be this Vault's key.
        guard count == AESGCM.keyByteCount else { throw VaultUnavailable(location: path, cause: .keyFileMismatch) }
        return Array(key[..<count])
    }

    /// Creates the key file with fresh random bytes and returns its key; if another process
    /// created it meanwhile, returns that one.
    func create() throws -> [UInt8] {
        let directory = (path as NSString).deletingLastPathComponent
        try PrivateDirectory.create(directory, for: path)
        let key: [UInt8]
        do {
            key = try SecureRandom.bytes(count: AESGCM.keyByteCount)
        } catch {
            throw VaultUnavailable(location: path, cause: .other(detail: "no random bytes for a new vault key: \(error)"))
        }
        var template = Array("\(directory)/.vault.key.XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)  // mode 0600
        guard descriptor >= 0 else {
            throw VaultUnavailable(errno: errno, "cannot create a file in \(directory)", location: path)
        }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        defer { unlink(temporary) }
        var written = 0
        while written < key.count {
            let result = key.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else {
                let number = errno
                close(descriptor)
                throw VaultUnavailable(errno: number, "cannot write the vault key", location: path)
            }
            written += result
        }
        let synced = fsync(descriptor) == 0
        let syncErrno = errno
        close(descriptor)
        guard synced else { throw VaultUnavailable(errno: syncErrno, "cannot write the vault key", location: path) }

        if link(temporary, path) != 0 {
            guard errno == EEXIST, let existing = try read() else {
                throw VaultUnavailable(errno: errno, "cannot create the vault key file", location: path)
            }
            return existing
        }
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
        return key
    }
}
