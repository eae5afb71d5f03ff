import TermindApplication

/// The connections' questions in the workbench: the process's one interaction queue, the
/// dialogs it presents (the one on screen is an overlay), and how many wait. A value the
/// `Workbench` owns, on the TUI's main actor.
struct WorkbenchInteractions {
    /// The one interaction queue of this process: every pane's connections ask through it.
    let queue: InteractionQueue
    let dialogs: InteractionDialogs
    /// Interactions waiting or on screen, as the queue last said.
    var pending = 0
    /// The task asking the queue for that count.
    var countRefresh: Task<Void, Never>?
}
