/// The `pflags` of an SFTP v3 OPEN request (`SSH_FXF_*`).
struct SFTPOpenFlags: OptionSet, Sendable, Hashable {
    let rawValue: UInt32

    static let read = SFTPOpenFlags(rawValue: 0x01)
    static let write = SFTPOpenFlags(rawValue: 0x02)
    static let append = SFTPOpenFlags(rawValue: 0x04)
    static let create = SFTPOpenFlags(rawValue: 0x08)
    static let truncate = SFTPOpenFlags(rawValue: 0x10)
    static let exclusive = SFTPOpenFlags(rawValue: 0x20)
}
