/// The levels of the `OverlayStack`, lowest first: an overlay is drawn above, and takes input
/// before, every overlay of a lower level; within a level the one opened last is on top.
///
/// The order is the drawing order the workbench always had; keys now follow it (they used to
/// reach Help before Quick Open while Quick Open was drawn over Help).
enum OverlayLevel: Int, Comparable, CaseIterable {
    /// Screens that fill the area: help, the Import screen, the transfer queue, the forwards.
    case screen
    /// Pickers, prompts and forms, drawn over a screen: Quick Open, the name prompt, the
    /// Snippet picker, the Vault forms and the removal question, the command history.
    case picker
    /// A question the status bar asks (quit? close the pane? which Workspace?): the next key
    /// answers it.
    case statusQuestion
    /// The transfer queue's conflict question. From here up the levels are modal: they answer
    /// before anything else, and a key they take leaves the status bar's line as it was.
    case transferConflict
    /// The edit's upload question or report.
    case edit
    /// A connection's interaction (host key, passphrase, MFA): above everything.
    case interaction

    /// Modal overlays answer before every other overlay and keep the status bar's line.
    var isModal: Bool { self >= .transferConflict }

    static func < (lhs: OverlayLevel, rhs: OverlayLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}
