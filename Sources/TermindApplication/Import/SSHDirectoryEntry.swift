import TermindDomain

/// One thing the folder walk found: a regular file inside the folder with its content, or a
/// path it set aside (too large, unreadable, not a file, a symlink leading out of the folder).
/// The content is a `Secret` because it may be a private key: it prints as `<secret>`.
public enum SSHDirectoryEntry: Sendable {
    case file(path: String, content: Secret)
    case skipped(path: String, kind: ImportSkippedItem.Kind, reason: String)
}
