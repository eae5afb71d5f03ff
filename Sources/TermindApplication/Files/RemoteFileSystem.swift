import TermindDomain

/// A server's file system over the SFTP v3 protocol, with the OpenSSH extensions the server
/// offers. Closing it closes its channel (not the connection).
public protocol RemoteFileSystem: FileSystem {
    /// The extensions the server announced, with their versions (`posix-rename@openssh.com`: `1`).
    var serverExtensions: [String: String] { get }
    /// Space on the file system holding `path` (`statvfs@openssh.com`); `.unsupported`
    /// when the server lacks it.
    func usage(of path: String) async throws -> FileSystemUsage
    /// A hard link at `path` to `target` (`hardlink@openssh.com`).
    func hardlink(at path: String, pointingTo target: String) async throws
    /// Copies `count` bytes (0: to the end) of `source` at `sourceOffset` into `destination` at
    /// `destinationOffset` on the server itself (`copy-data`), without the bytes crossing the
    /// network. Both must be files this file system opened; `.unsupported` when the server
    /// lacks it.
    func copyData(
        from source: any FileReader, at sourceOffset: UInt64, count: UInt64,
        to destination: any FileWriter, at destinationOffset: UInt64
    ) async throws
    /// Opens `path` to write beside the connection that already writes it
    /// (`StripedFileWriter`), only if the file opened is that one: a regular file of `owner`
    /// whose access time is `stamp`, the random time the first writer gave it just before (a
    /// planted symlink leads to another file, which has neither, and is closed untouched).
    /// Throws `.unexpectedFile` otherwise.
    func openToWriteBeside(_ path: String, accessed stamp: Int64, owner: UInt32) async throws -> any FileWriter
    /// Opens `path` read-only, to flush it (`FileFlusher`).
    func openForFlushing(_ path: String) async throws -> any FileFlusher
    func close() async
}
