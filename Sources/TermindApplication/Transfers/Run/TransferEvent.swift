import TermindDomain

/// What the engine tells its observer as Batches run: the CLI's progress bar and `--json`
/// lines, the TUI's transfer queue. Events of one file arrive in order: `restarted` (when a
/// partial could not be continued), `started`, `progress`..., `finished`.
public enum TransferEvent: Sendable {
    /// The walk found more: this many regular files and bytes to copy so far. Comes once per
    /// named source and per directory listed, the totals growing; the last is the Batch's.
    case planned(TransferBatchID, files: Int, bytes: UInt64)
    case started(TransferID, TransferStart)
    /// A partial could not be continued and the file at `destination` starts over from zero.
    case restarted(TransferID, TransferRestartReason, destination: TransferAddress)
    case progress(TransferID, TransferProgress)
    /// An entry reached an outcome (paused included; a resumed one finishes again later).
    case finished(TransferFileReport)
    /// Nothing in the Batch is running or waiting.
    case settled(TransferBatchReport)
}
