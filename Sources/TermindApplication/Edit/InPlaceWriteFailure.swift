import TermindDomain

/// An upload written in place that stopped after it began writing over the remote file (a
/// dropped connection, a full disk, a refused truncate): the file may now hold the copy's
/// first bytes over the old text, so it is neither version. Said plainly, with how to put the
/// kept copy back, since the next edit of the file would only find it changed and refuse.
public struct InPlaceWriteFailure: CategorizedFailure {
    public let file: TransferAddress
    /// The kept local copy, the whole of the text meant to be there.
    public let copy: String
    /// What stopped the write.
    public let cause: any Error

    public init(file: TransferAddress, copy: String, cause: any Error) {
        self.file = file
        self.copy = copy
        self.cause = cause
    }

    public var exitCode: ExitCode { .failure }

    public var description: String {
        "\(file): partly overwritten: writing your copy over it in place stopped (\(cause)), so it now holds neither "
            + "version. Your copy \(copy) is the text meant to be there: run termind edit --force \(file) and put that "
            + "text back (written in place again, its owner and links kept), or termind cp --on-conflict overwrite "
            + "\(copy) \(file) (a new file of yours replaces it)"
    }
}
