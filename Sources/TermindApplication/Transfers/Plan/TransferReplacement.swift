import TermindDomain

/// An upload that replaces the one version of its destination the person worked from (an edit
/// of a remote file, docs/behaviour.md §4): the destination is checked against that version
/// when the file is placed and again just before the rename, and a change refuses the upload
/// (`TransferError.destinationChanged`, its partial removed) instead of asking about a
/// conflict. It never overwrites someone else's newer write.
public struct TransferReplacement: Sendable, Equatable {
    /// The version opened; nil when the file did not exist (the edit creates it, and anything
    /// that appeared there since is a change).
    public let opened: FileVersion?
    /// False with `--force`: whatever is there is replaced (a directory still is not).
    public let checked: Bool
    /// The SHA-256 of the version opened, when known: read again just before the rename, since
    /// a change of the same size written in the same second leaves kind, size, mtime and mode
    /// as they were.
    public let openedSHA256: String?

    public init(opened: FileVersion?, checked: Bool = true, openedSHA256: String? = nil) {
        self.opened = opened
        self.checked = checked
        self.openedSHA256 = openedSHA256
    }

    /// Whether `current` (nil: nothing there) is what the upload may replace.
    public func allows(_ current: FileVersion?) -> Bool {
        guard checked else { return true }
        guard let opened else { return current == nil }
        guard let current else { return false }
        return opened.isUnchanged(in: current)
    }

    /// The refusal when `current` is not what the upload may replace; nil when it is.
    public func refusal(at destination: TransferAddress, current: FileVersion?) -> TransferError? {
        guard !allows(current) else { return nil }
        return TransferError(
            .destinationChanged, destination,
            "changed since it was opened for editing (\(difference(from: current))); nothing was written")
    }

    /// The refusal when the content is no longer the version opened though its size, mtime
    /// and mode are.
    public static func contentRefusal(at destination: TransferAddress) -> TransferError {
        TransferError(
            .destinationChanged, destination,
            "changed since it was opened for editing (its size, modification time and mode are as they were, "
                + "but its content is not the one fetched); nothing was written")
    }

    /// `then 12 bytes, modified ..., mode 0640; now ...`, for the refusal.
    public func difference(from current: FileVersion?) -> String {
        let then = opened.map(\.description) ?? "it did not exist"
        let now = current.map(\.description) ?? "it does not exist"
        return "then \(then); now \(now)"
    }
}
