import TermindDomain

/// The permission bits a copy gives the files and directories it creates (docs/behaviour.md §4):
/// the source's read, write and execute bits (`mode & 0o777`, the umask not applied, as `cp -p`
/// would); setuid, setgid and sticky only on a server, and only with `--preserve-mode`. A
/// download never sets them: a server cannot hand out a setuid file on this machine.
/// A Batch may fix the bits instead (`TransferBatch.permissions`, an edit): the same bits for
/// every file, special ones only onto a server.
struct TransferModes: Sendable, Equatable {
    /// setuid, setgid and sticky are kept (`--preserve-mode` onto a server).
    let keepsSpecialBits: Bool
    /// The bits every file gets, whatever its source's (masked as above).
    let fixed: UInt32?

    init(preserveMode: Bool, destination: any FileSystem, fixed: UInt32? = nil) {
        keepsSpecialBits = preserveMode && destination is any RemoteFileSystem
        self.fixed = fixed.map { $0 & (destination is any RemoteFileSystem ? 0o7777 : 0o777) }
    }

    /// The bits to give what is made from a source with `attributes`; nil when the source's
    /// mode is unknown.
    func permissions(of attributes: FileAttributes) -> UInt32? {
        attributes.permissions.map { $0 & (keepsSpecialBits ? 0o7777 : 0o777) }
    }

    /// The bits a file copied from a source with `attributes` gets: the Batch's fixed ones, or
    /// the source's.
    func filePermissions(of attributes: FileAttributes) -> UInt32? {
        fixed ?? permissions(of: attributes)
    }
}
