import TermindDomain

/// One entry of a NAME reply: the file name (a bare name from READDIR, a path from REALPATH
/// and READLINK), the server's `ls -l` style line, and the attributes.
package struct SFTPName: Sendable, Equatable {
    package let filename: String
    package let longName: String
    package let attributes: FileAttributes
}
