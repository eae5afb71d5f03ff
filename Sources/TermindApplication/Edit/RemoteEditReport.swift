/// What an edit did: the file, how it ended, and the local copy when it is kept.
public struct RemoteEditReport: Sendable {
    public let edited: EditedFile
    public let outcome: RemoteEditOutcome
    /// The local copy, when it is kept (anything but unchanged or uploaded, and an editor
    /// failure that left it unchanged); nil once removed.
    public let keptCopy: String?
    /// Why an upload was written over the file in place rather than renamed over it (`the file
    /// is owned by ptk`); nil otherwise.
    public let inPlace: String?

    public init(edited: EditedFile, outcome: RemoteEditOutcome, keptCopy: String?, inPlace: String? = nil) {
        self.edited = edited
        self.outcome = outcome
        self.keptCopy = keptCopy
        self.inPlace = inPlace
    }
}
