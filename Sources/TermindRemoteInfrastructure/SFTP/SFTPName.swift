import TermindDomain

/// One entry of a NAME reply: the file name (a bare name from READDIR, a path from REALPATH
/// and READLINK), the server's `ls -l` style line, and the attributes.
struct SFTPName: Sendable, Equatable {
    let filename: String
    let longName: String
    let attributes: FileAttributes
}
