import TermindDomain

/// One remote file opened for editing: where it is, the version opened, the managed local
/// copy and its SHA-256 when opened.
public struct EditedFile: Sendable, Equatable {
    /// The remote file (a symlink's target, once resolved).
    public let file: TransferAddress
    /// Nil when the file did not exist and the edit creates it.
    public let opened: FileVersion?
    /// The local copy's path.
    public let copy: String
    /// The SHA-256 of the copy as opened, lower-case hex.
    public let openedDigest: String

    public init(file: TransferAddress, opened: FileVersion?, copy: String, openedDigest: String) {
        self.file = file
        self.opened = opened
        self.copy = copy
        self.openedDigest = openedDigest
    }

    /// The directory holding the copy, made for this edit alone.
    public var directory: String { RemotePath.parent(of: copy) }
}
