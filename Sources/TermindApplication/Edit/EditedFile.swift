import TermindDomain

/// One remote file opened for editing: where it is, the version opened, the managed local
/// copy and its SHA-256 when opened (the remote file's content then: the copy was verified
/// against it), and the edit's claim on the file.
public struct EditedFile: Sendable, Equatable {
    /// The remote file (a symlink's target, once resolved).
    public let file: TransferAddress
    /// Nil when the file did not exist and the edit creates it.
    public let opened: FileVersion?
    /// The local copy's path.
    public let copy: String
    /// The SHA-256 of the copy as opened, lower-case hex.
    public let openedDigest: String
    /// Held until the edit ends: no second edit of the file on this machine meanwhile.
    public let lock: (any EditLock)?

    public init(file: TransferAddress, opened: FileVersion?, copy: String, openedDigest: String, lock: (any EditLock)? = nil) {
        self.file = file
        self.opened = opened
        self.copy = copy
        self.openedDigest = openedDigest
        self.lock = lock
    }

    /// The directory holding the copy, made for this edit alone.
    public var directory: String { RemotePath.parent(of: copy) }

    public static func == (one: EditedFile, other: EditedFile) -> Bool {
        one.file == other.file && one.opened == other.opened && one.copy == other.copy && one.openedDigest == other.openedDigest
            && one.lock === other.lock
    }
}
