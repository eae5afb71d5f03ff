import Foundation
import TermindApplication

/// What the first 100 bytes of a database file say, read with plain `open`/`read` before
/// SQLite touches the file. The Vault checks this first so that a file written by a newer
/// Termind, or one that is not a database at all, is refused without a single byte written
/// (SQLite would treat a non-empty file shorter than one page as empty and write a header
/// over it when switching to WAL). A plain value.
enum SQLiteFileHeader: Equatable {
    /// No file, or an empty one: SQLite will create the database.
    case absent
    /// An SQLite database whose header records `userVersion` (`PRAGMA user_version`).
    case database(userVersion: Int)
    /// Bytes that are not an SQLite database; `detail` says why.
    case notADatabase(detail: String)

    static let size = 100
    private static let magic = Array("SQLite format 3\0".utf8)

    /// Reads the header of `path`.
    /// - Throws: `VaultUnavailable` when the file exists but cannot be read (no permission).
    static func read(_ path: String) throws -> SQLiteFileHeader {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return .absent }
            throw VaultUnavailable(errno: errno, "cannot read \(path)", location: path)
        }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: size)
        var count = 0
        while count < size {
            let got = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + count, size - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw VaultUnavailable(errno: errno, "cannot read \(path)", location: path)
            }
            if got == 0 { break }
            count += got
        }
        if count == 0 { return .absent }
        guard count == size else {
            return .notADatabase(detail: "it is \(count) bytes long, shorter than an SQLite header")
        }
        guard Array(bytes[0..<magic.count]) == magic else {
            return .notADatabase(detail: "it does not start with the SQLite header ('SQLite format 3')")
        }
        // user_version: a big-endian 32-bit integer at offset 60.
        let userVersion = bytes[60..<64].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return .database(userVersion: Int(Int32(bitPattern: userVersion)))
    }
}
