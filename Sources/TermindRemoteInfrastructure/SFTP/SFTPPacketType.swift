/// The message types of SFTP v3 (draft-ietf-secsh-filexfer-02, section 3): the byte after a
/// packet's length.
enum SFTPPacketType: UInt8, Sendable, Equatable, CustomStringConvertible {
    case initialize = 1
    case version = 2
    case open = 3
    case close = 4
    case read = 5
    case write = 6
    case lstat = 7
    case fstat = 8
    case setstat = 9
    case fsetstat = 10
    case opendir = 11
    case readdir = 12
    case remove = 13
    case mkdir = 14
    case rmdir = 15
    case realpath = 16
    case stat = 17
    case rename = 18
    case readlink = 19
    case symlink = 20
    case status = 101
    case handle = 102
    case data = 103
    case name = 104
    case attrs = 105
    case extended = 200
    case extendedReply = 201

    /// The draft's name without its `SSH_FXP_` prefix, for messages.
    var description: String {
        switch self {
        case .initialize: "INIT"
        case .version: "VERSION"
        case .open: "OPEN"
        case .close: "CLOSE"
        case .read: "READ"
        case .write: "WRITE"
        case .lstat: "LSTAT"
        case .fstat: "FSTAT"
        case .setstat: "SETSTAT"
        case .fsetstat: "FSETSTAT"
        case .opendir: "OPENDIR"
        case .readdir: "READDIR"
        case .remove: "REMOVE"
        case .mkdir: "MKDIR"
        case .rmdir: "RMDIR"
        case .realpath: "REALPATH"
        case .stat: "STAT"
        case .rename: "RENAME"
        case .readlink: "READLINK"
        case .symlink: "SYMLINK"
        case .status: "STATUS"
        case .handle: "HANDLE"
        case .data: "DATA"
        case .name: "NAME"
        case .attrs: "ATTRS"
        case .extended: "EXTENDED"
        case .extendedReply: "EXTENDED_REPLY"
        }
    }
}
