import TermindDomain

/// How an edit's upload replaces the remote file (docs/behaviour.md §4). A new file renamed
/// over the old one is atomic but is a new file: it belongs to whoever wrote it, gets their
/// group, and leaves other hard links on the old text. When that would change what the file
/// is, the verified copy is written over the file itself instead.
public enum EditWriteMethod: Sendable, Equatable {
    /// A partial beside the file, then `posix-rename` over it.
    case rename
    /// Written through one handle on the file itself, truncated last; `because` says why.
    case inPlace(because: String)

    /// The method for `file`, from what the server says of it and of a new file made in its
    /// directory (`newFile`, nil when the directory does not let this user create one).
    /// - Parameters:
    ///   - linkCount: the file's hard links, from the server's listing (nil: not told).
    ///   - owner: the owner's and group's names from that listing, for the reason.
    ///   - noNewFile: why there is no `newFile`, when the directory did not simply refuse it.
    public static func choose(
        file: FileAttributes, linkCount: UInt64?, owner: (user: String?, group: String?), newFile: FileAttributes?,
        noNewFile: String? = nil
    ) -> EditWriteMethod {
        if let newFile {
            if let user = file.userID, user != newFile.userID {
                return .inPlace(because: "the file is owned by \(owner.user ?? "uid \(user)")")
            }
            if let group = file.groupID, group != newFile.groupID {
                return .inPlace(because: "the file's group is \(owner.group ?? "gid \(group)")")
            }
        }
        if let linkCount, linkCount > 1 {
            return .inPlace(because: "the file has \(linkCount) hard links")
        }
        if newFile == nil {
            return .inPlace(because: noNewFile ?? "the directory does not let you create a file")
        }
        return .rename
    }
}
