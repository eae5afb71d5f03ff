import TermindApplication
import TermindCLI
import TermindDomain

/// A Recent Workspaces file (`<state>/workspaces.json`), which a person may have edited, read
/// by the workbench's own loader, then each Workspace laid out. What loads must be whole: its
/// focus on one of its panes, each pane once, every laid-out frame one of its panes.
enum RecentWorkspacesFuzzing {
    static let target = FuzzTarget("recent-workspaces", "a Recent Workspaces file (JSON)") { input throws(FuzzFinding) in
        let workspaces = try FuzzFile.withContents(input, named: "workspaces.json") { path in
            RecentWorkspacesFile(path: path).load(logger: NullLogger())
        }
        for workspace in workspaces.prefix(20) {
            let ids = workspace.root.paneIDs
            try FuzzFinding.require(Set(ids).count == ids.count, "a loaded Workspace holds a pane twice")
            try FuzzFinding.require(ids.contains(workspace.focusedPaneID), "a loaded Workspace's focus is on no pane of it")
            for size in [CellSize(columns: 160, rows: 45), CellSize(columns: 1, rows: 1)] {
                let layout = workspace.layout(in: size)
                try FuzzFinding.require(
                    layout.frames.allSatisfy { ids.contains($0.paneID) }, "a laid-out frame is of no pane of its Workspace")
            }
        }
    }
}
