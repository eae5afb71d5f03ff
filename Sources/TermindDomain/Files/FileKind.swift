/// What a directory entry is, from the type bits of its mode (`S_IFMT`).
public enum FileKind: String, Sendable, Equatable, Codable {
    case file
    case directory
    case symlink
    case other

    /// The kind that POSIX mode bits name.
    public init(mode: UInt32) {
        switch mode & 0o170000 {
        case 0o100000: self = .file
        case 0o040000: self = .directory
        case 0o120000: self = .symlink
        default: self = .other
        }
    }

    /// The `S_IFMT` bits of this kind (0 for `.other`).
    public var modeBits: UInt32 {
        switch self {
        case .file: 0o100000
        case .directory: 0o040000
        case .symlink: 0o120000
        case .other: 0
        }
    }
}
