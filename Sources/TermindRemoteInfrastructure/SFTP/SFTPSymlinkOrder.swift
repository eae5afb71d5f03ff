/// The order of SYMLINK's two paths. draft-ietf-secsh-filexfer-02 puts the link first and its
/// target second; OpenSSH's sftp-server has always read them the other way round, and most
/// servers follow OpenSSH. asyncssh follows OpenSSH only for clients that announce themselves as
/// OpenSSH or paramiko, so towards Termind (which announces libssh2) it keeps the draft's order.
/// The server's SSH identification string tells which one it is.
enum SFTPSymlinkOrder: Sendable, Equatable {
    /// OpenSSH's order: the target, then the link.
    case targetFirst
    /// The draft's order: the link, then the target.
    case linkFirst

    /// The order for a server identifying itself as `software` (`SSH-2.0-OpenSSH_9.2p1 ...`);
    /// OpenSSH's when unknown.
    init(serverSoftware software: String?) {
        let software = software?.lowercased() ?? ""
        self = software.contains("asyncssh") ? .linkFirst : .targetFirst
    }
}
