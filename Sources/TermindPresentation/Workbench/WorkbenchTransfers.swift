import TermindApplication

/// The transfer queue in the workbench (`Workbench+Transfers`): the queue (nil where the
/// services offer none) and the transfers already seen finished. A value the `Workbench` owns,
/// on the TUI's main actor.
struct WorkbenchTransfers {
    let queue: TransferQueue?
    /// The transfers seen finished, so each lists its destination's directory again once.
    var landed: Set<TransferQueueItem.ID> = []
}
