import TermindDomain

/// The open Workspaces, in tab order, and which one is shown. A value the `Workbench` owns.
struct OpenWorkspaces {
    var all: [Workspace]
    var selected = 0
}
