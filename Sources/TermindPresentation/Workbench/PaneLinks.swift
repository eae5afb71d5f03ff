import TermindDomain

/// The I/O behind the panes, run by the effect runner: each terminal pane's Session and each
/// browser pane's file systems, by the pane's id. A value the `Workbench` owns.
struct PaneLinks {
    var sessions: [PaneID: PaneLink] = [:]
    var browsers: [PaneID: BrowserLink] = [:]
}
