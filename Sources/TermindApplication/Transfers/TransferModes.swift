import TermindDomain

/// The permission bits a copy gives the files and directories it creates (docs/behaviour.md §4):
/// the source's read, write and execute bits (`mode & 0o777`, the umask not applied, as `cp -p`
/// would); setuid, setgid and sticky only on a server, and only with `--preserve-mode`. A
/// download never sets them: a server cannot hand out a setuid file on this machine.
struct TransferModes: Sendable, Equatable {
    /// setuid, setgid and sticky are kept (`--preserve-mode` onto a server).
    let keepsSpecialBits: Bool

    init(preserveMode: Bool, destination: any FileSystem) {
        keepsSpecialBits = preserveMode && destination is any RemoteFileSystem
    }

    /// The bits to give what is made from a source with `attributes`; nil when the source's
    /// mode is unknown.
    func permissions(of attributes: FileAttributes) -> UInt32? {
        attributes.permissions.map { $0 & (keepsSpecialBits ? 0o7777 : 0o777) }
    }
}
