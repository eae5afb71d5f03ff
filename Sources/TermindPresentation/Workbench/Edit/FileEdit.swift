import TermindDomain

/// What a browser's `e` asks the workbench to edit: a file of the pane's side (a Host's, through
/// the pane's SFTP session and a managed local copy; or this machine's, in place). A plain value.
struct FileEdit: Equatable {
    /// The browser pane whose file it is (its session carries a Host's copy both ways).
    let pane: PaneID
    let side: BrowserSide
    let path: String
}
