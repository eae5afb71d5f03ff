/// What a key binding does, in the product's words. The TUI's update function switches over it;
/// the keymap file names it (`split-vertical`, `resize-left 5`, `select-workspace 3`).
public enum KeyAction: Sendable, Hashable {
    case splitHorizontal
    case splitVertical
    case closePane
    case focus(PaneDirection)
    case focusNext
    case focusPrevious
    /// Move the divider nearest the focused pane this many cells in the direction.
    case resize(PaneDirection, cells: Int)
    case swap(PaneDirection)
    case zoom
    case newWorkspace
    case nextWorkspace
    case previousWorkspace
    /// Show the Workspace at this position, counted from 1 as the navigator lists them.
    case selectWorkspace(Int)
    /// Move the focused pane to the Workspace at this position, or ask which when nil.
    case movePaneToWorkspace(Int?)
    /// Name the shown Workspace (asks the name; a blank one gives back its automatic name).
    case renameWorkspace
    /// Name the focused pane (asks the name; a blank one gives back its Host's label).
    case renamePane
    case toggleNavigator
    case quickOpen
    case showHelp
    case scrollMode
    case reconnect
    /// Reconnect every pane of the shown Workspace whose connection was lost or never came up
    /// (terminals and browsers); the person asking is what retries a failed authentication.
    case reconnectAll
    /// Open the Import screen: what `~/.ssh` holds, as a checklist to import into the Vault.
    case importSSH
    case quit
    case sendPrefix
    /// Show or hide the transfer queue: every transfer, with pause, resume and cancel.
    case transferQueue
    /// Show or hide the forwards overlay: each forward of the Workspace's Hosts, turned on or off.
    case forwards
    /// Copy mode: the scroll mode's keys, plus a cursor, vi-like moves and selections to copy.
    case copyMode
    /// Find in the pane's scrollback and screen (opens copy mode with a find prompt).
    case find
    /// Paste what copy mode copied last into the focused pane.
    case paste
    /// Copy mode on the prompt above (the shell integration marks prompts); `{` and `}` go on.
    case previousPrompt
    /// Copy the output of the last command the shell integration saw finish.
    case copyCommandOutput
    /// Open an SFTP browser: beside a terminal on its Host (at its shell's directory), beside a
    /// remote browser on this machine's files.
    case openBrowser
    /// Open the metrics pane of the focused pane's Host: sparklines, file systems, processes.
    case openMetrics
    /// Open the command history overlay: search the commands run on Hosts, insert one at the
    /// focused pane's prompt.
    case history
    /// Add the focused terminal pane to the broadcast set, or take it out.
    case toggleBroadcast
    /// Broadcast to every terminal pane of the Workspace, or end any broadcast.
    case broadcastWorkspace
    /// Pick a Snippet, fill in its variables, and type it into the pane (or the broadcast).
    case snippets
    /// Save the shown Workspace's layout as a Template (asks its name).
    case saveTemplate
    /// Broadcast to every connected pane whose Host has a tag (asks which).
    case broadcastTag

    /// Cells a resize moves when the binding gives no count, as tmux's `resize-pane`.
    public static let defaultResizeCells = 1

    /// The action's name in the keymap file, without its argument.
    public var name: Name {
        switch self {
        case .splitHorizontal: .splitHorizontal
        case .splitVertical: .splitVertical
        case .closePane: .closePane
        case .focus(let direction): [.left: .focusLeft, .right: .focusRight, .up: .focusUp, .down: .focusDown][direction]!
        case .focusNext: .focusNext
        case .focusPrevious: .focusPrevious
        case .resize(let direction, _):
            [.left: .resizeLeft, .right: .resizeRight, .up: .resizeUp, .down: .resizeDown][direction]!
        case .swap(let direction): [.left: .swapLeft, .right: .swapRight, .up: .swapUp, .down: .swapDown][direction]!
        case .zoom: .zoom
        case .newWorkspace: .newWorkspace
        case .nextWorkspace: .nextWorkspace
        case .previousWorkspace: .previousWorkspace
        case .selectWorkspace: .selectWorkspace
        case .movePaneToWorkspace: .movePaneToWorkspace
        case .renameWorkspace: .renameWorkspace
        case .renamePane: .renamePane
        case .toggleNavigator: .toggleNavigator
        case .quickOpen: .quickOpen
        case .showHelp: .showHelp
        case .scrollMode: .scrollMode
        case .reconnect: .reconnect
        case .reconnectAll: .reconnectAll
        case .importSSH: .importSSH
        case .quit: .quit
        case .sendPrefix: .sendPrefix
        case .transferQueue: .transferQueue
        case .forwards: .forwards
        case .copyMode: .copyMode
        case .find: .find
        case .paste: .paste
        case .previousPrompt: .previousPrompt
        case .copyCommandOutput: .copyCommandOutput
        case .openBrowser: .openBrowser
        case .openMetrics: .openMetrics
        case .history: .history
        case .toggleBroadcast: .toggleBroadcast
        case .broadcastWorkspace: .broadcastWorkspace
        case .snippets: .snippets
        case .saveTemplate: .saveTemplate
        case .broadcastTag: .broadcastTag
        }
    }

    /// The argument as the keymap file writes it, if any.
    public var argument: Int? {
        switch self {
        case .resize(_, let cells): cells
        case .selectWorkspace(let position): position
        case .movePaneToWorkspace(let position): position
        default: nil
        }
    }

    /// One line for the help overlay: what the binding does, in the person's words.
    public var summary: String {
        switch self {
        case .splitHorizontal: "Split the pane side by side; the new pane opens on the right"
        case .splitVertical: "Split the pane top and bottom; the new pane opens below"
        case .closePane: "Close the pane; closing the last one closes the Workspace"
        case .focus(let direction): "Focus the pane \(direction.phrase)"
        case .focusNext: "Focus the next pane"
        case .focusPrevious: "Focus the previous pane"
        case .resize(let direction, let cells):
            "Move the divider \(direction.rawValue) by \(cells) cell\(cells == 1 ? "" : "s")"
        case .swap(let direction): "Swap the pane with the one \(direction.phrase)"
        case .zoom: "Zoom the pane to fill the Workspace, or unzoom it"
        case .newWorkspace: "Open a new Workspace"
        case .nextWorkspace: "Show the next Workspace"
        case .previousWorkspace: "Show the previous Workspace"
        case .selectWorkspace(let position): "Show Workspace \(position)"
        case .movePaneToWorkspace(let position?): "Move the pane to Workspace \(position)"
        case .movePaneToWorkspace(nil): "Move the pane to another Workspace (asks which)"
        case .renameWorkspace: "Rename the Workspace (an empty name gives back the automatic one)"
        case .renamePane: "Rename the pane (an empty name gives back its Host's name)"
        case .toggleNavigator: "Show or hide the navigator"
        case .quickOpen: "Quick open: find a Host, Workspace or Template by name"
        case .showHelp: "Show every key binding"
        case .scrollMode: "Scroll back through the pane's history (q leaves)"
        case .reconnect: "Reconnect the pane's Session"
        case .reconnectAll: "Reconnect every lost pane of the Workspace (terminals and browsers)"
        case .importSSH: "Import Hosts, Identities, Keys and Known Hosts from ~/.ssh (a checklist)"
        case .quit: "Quit Termind"
        case .sendPrefix: "Send the prefix key itself to the pane"
        case .transferQueue: "Show or hide the transfer queue (pause, resume, cancel transfers)"
        case .forwards: "Show or hide the forwards (state, connections, bytes; turn one on or off)"
        case .copyMode: "Copy mode: h j k l w b 0 $ g G { } move, v V C-v o select, y copies"
        case .find: "Find in the scrollback and screen: n N step, M-r regex, M-c case"
        case .previousPrompt: "Copy mode at the previous prompt ({ } jump, o selects output)"
        case .copyCommandOutput: "Copy the last command's output (needs the shell integration)"
        case .paste: "Paste what copy mode copied last (bracketed if the program asked)"
        case .openBrowser: "Open a file browser beside the pane (its Host's files, or this machine's)"
        case .openMetrics: "Open the Host's metrics beside the pane (CPU, memory, disks, processes)"
        case .history: "Search the command history; Enter puts the command at the prompt"
        case .toggleBroadcast: "Add the pane to the broadcast (typing goes to all), or take it out"
        case .broadcastWorkspace: "Broadcast to every pane of the Workspace, or end it"
        case .snippets: "Type a Snippet into the pane or the broadcast (asks its {{variables}})"
        case .saveTemplate: "Save this Workspace's layout as a Template (Quick Open opens it)"
        case .broadcastTag: "Broadcast to every pane on a Host with a tag (asks which)"
        }
    }
}

extension KeyAction: CustomStringConvertible {
    /// As the keymap file writes it: `split-vertical`, `resize-left 5`.
    public var description: String {
        argument.map { "\(name.rawValue) \($0)" } ?? name.rawValue
    }
}

extension PaneDirection {
    fileprivate var phrase: String {
        switch self {
        case .left: "to the left"
        case .right: "to the right"
        case .up: "above"
        case .down: "below"
        }
    }
}
