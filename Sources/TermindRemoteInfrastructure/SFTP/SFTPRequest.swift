import TermindDomain

/// A request of SFTP v3 (draft-ietf-secsh-filexfer-02 §6), encoded with its id into one packet.
/// INIT, which carries a version instead of an id, is `initialization(version:)`.
enum SFTPRequest: Sendable, Equatable {
    case open(path: String, flags: SFTPOpenFlags, attributes: FileAttributes)
    case close(handle: [UInt8])
    case read(handle: [UInt8], offset: UInt64, length: UInt32)
    case write(handle: [UInt8], offset: UInt64, data: ArraySlice<UInt8>)
    case lstat(path: String)
    case fstat(handle: [UInt8])
    case setstat(path: String, attributes: FileAttributes)
    case fsetstat(handle: [UInt8], attributes: FileAttributes)
    case opendir(path: String)
    case readdir(handle: [UInt8])
    case remove(path: String)
    case mkdir(path: String, attributes: FileAttributes)
    case rmdir(path: String)
    case realpath(path: String)
    case stat(path: String)
    case rename(from: String, to: String)
    case readlink(path: String)
    /// A symbolic link at `linkPath` whose content is `targetPath`, the two sent in `order`:
    /// OpenSSH's (target first), which reverses the draft's, unless the server keeps the draft's.
    case symlink(linkPath: String, targetPath: String, order: SFTPSymlinkOrder = .targetFirst)
    case extended(SFTPExtensionRequest)

    /// The INIT packet asking for `version`.
    static func initialization(version: UInt32) -> [UInt8] {
        var writer = SFTPWireWriter(.initialize, capacity: 4)
        writer.uint32(version)
        return writer.finish()
    }

    var type: SFTPPacketType {
        switch self {
        case .open: .open
        case .close: .close
        case .read: .read
        case .write: .write
        case .lstat: .lstat
        case .fstat: .fstat
        case .setstat: .setstat
        case .fsetstat: .fsetstat
        case .opendir: .opendir
        case .readdir: .readdir
        case .remove: .remove
        case .mkdir: .mkdir
        case .rmdir: .rmdir
        case .realpath: .realpath
        case .stat: .stat
        case .rename: .rename
        case .readlink: .readlink
        case .symlink: .symlink
        case .extended: .extended
        }
    }

    /// The replies that may answer this request.
    var expectedReply: SFTPExpectedReply {
        switch self {
        case .open, .opendir: [.status, .handle]
        case .read: [.status, .data]
        case .readdir, .realpath, .readlink: [.status, .name]
        case .stat, .lstat, .fstat: [.status, .attributes]
        case .extended: [.status, .extendedReply]
        case .close, .write, .setstat, .fsetstat, .remove, .mkdir, .rmdir, .rename, .symlink: .status
        }
    }

    /// The whole packet, length first.
    func encode(id: UInt32) -> [UInt8] {
        var writer = SFTPWireWriter(type, capacity: 4 + estimatedFieldSize)
        writer.uint32(id)
        switch self {
        case .open(let path, let flags, let attributes):
            writer.string(path)
            writer.uint32(flags.rawValue)
            attributes.write(to: &writer)
        case .close(let handle), .fstat(let handle), .readdir(let handle):
            writer.string(handle)
        case .read(let handle, let offset, let length):
            writer.string(handle)
            writer.uint64(offset)
            writer.uint32(length)
        case .write(let handle, let offset, let data):
            writer.string(handle)
            writer.uint64(offset)
            writer.string(data)
        case .lstat(let path), .opendir(let path), .remove(let path), .rmdir(let path), .realpath(let path),
             .stat(let path), .readlink(let path):
            writer.string(path)
        case .setstat(let path, let attributes), .mkdir(let path, let attributes):
            writer.string(path)
            attributes.write(to: &writer)
        case .fsetstat(let handle, let attributes):
            writer.string(handle)
            attributes.write(to: &writer)
        case .rename(let from, let to):
            writer.string(from)
            writer.string(to)
        case .symlink(let linkPath, let targetPath, .targetFirst):
            writer.string(targetPath)
            writer.string(linkPath)
        case .symlink(let linkPath, let targetPath, .linkFirst):
            writer.string(linkPath)
            writer.string(targetPath)
        case .extended(let request):
            writer.string(request.name)
            request.write(to: &writer)
        }
        return writer.finish()
    }

    /// Enough room for the fields after the id, so the packet is allocated once.
    private var estimatedFieldSize: Int {
        switch self {
        case .write(let handle, _, let data): 4 + handle.count + 8 + 4 + data.count
        case .read(let handle, _, _): 4 + handle.count + 12
        default: 256
        }
    }
}
