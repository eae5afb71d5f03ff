/// The EXTENDED requests Termind sends (OpenSSH's PROTOCOL file, and `copy-data` from
/// draft-ietf-secsh-filexfer-extensions-00), each with the fields it carries after its name.
enum SFTPExtensionRequest: Sendable, Equatable {
    /// `limits@openssh.com`: the server's packet, read, write and open-handle limits.
    case limits
    /// `posix-rename@openssh.com`: rename(2), replacing an existing destination atomically.
    case posixRename(from: String, to: String)
    /// `fsync@openssh.com` on an open handle.
    case fsync(handle: [UInt8])
    /// `statvfs@openssh.com` for the file system holding `path`.
    case statvfs(path: String)
    /// `hardlink@openssh.com`: a new name `link` for the existing `target`.
    case hardlink(target: String, link: String)
    /// `copy-data`: `length` bytes (0: to the end) from one open handle to another, on the server.
    case copyData(source: [UInt8], sourceOffset: UInt64, length: UInt64, destination: [UInt8], destinationOffset: UInt64)
    /// Any other extension, with its already encoded data.
    case other(name: String, data: [UInt8])

    static let limitsName = "limits@openssh.com"
    static let posixRenameName = "posix-rename@openssh.com"
    static let fsyncName = "fsync@openssh.com"
    static let statvfsName = "statvfs@openssh.com"
    static let hardlinkName = "hardlink@openssh.com"
    static let copyDataName = "copy-data"

    /// The extension's name as it goes on the wire (and as VERSION announces it).
    var name: String {
        switch self {
        case .limits: Self.limitsName
        case .posixRename: Self.posixRenameName
        case .fsync: Self.fsyncName
        case .statvfs: Self.statvfsName
        case .hardlink: Self.hardlinkName
        case .copyData: Self.copyDataName
        case .other(let name, _): name
        }
    }

    /// Writes the fields after the name.
    func write(to writer: inout SFTPWireWriter) {
        switch self {
        case .limits:
            break
        case .posixRename(let from, let to):
            writer.string(from)
            writer.string(to)
        case .fsync(let handle):
            writer.string(handle)
        case .statvfs(let path):
            writer.string(path)
        case .hardlink(let target, let link):
            writer.string(target)
            writer.string(link)
        case .copyData(let source, let sourceOffset, let length, let destination, let destinationOffset):
            writer.string(source)
            writer.uint64(sourceOffset)
            writer.uint64(length)
            writer.string(destination)
            writer.uint64(destinationOffset)
        case .other(_, let data):
            writer.raw(data)
        }
    }
}
