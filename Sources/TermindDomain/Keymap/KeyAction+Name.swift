extension KeyAction {
    /// Every action's name as the keymap file spells it, in the order the help overlay lists them.
    public enum Name: String, Sendable, Hashable, CaseIterable {
        case splitHorizontal = "split-horizontal"
        case splitVertical = "split-vertical"
        case closePane = "close-pane"
        case focusLeft = "focus-left"
        case focusRight = "focus-right"
        case focusUp = "focus-up"
        case focusDown = "focus-down"
        case focusNext = "focus-next"
        case focusPrevious = "focus-previous"
        case resizeLeft = "resize-left"
        case resizeRight = "resize-right"
        case resizeUp = "resize-up"
        case resizeDown = "resize-down"
        case swapLeft = "swap-left"
        case swapRight = "swap-right"
        case swapUp = "swap-up"
        case swapDown = "swap-down"
        case zoom
        case newWorkspace = "new-workspace"
        case nextWorkspace = "next-workspace"
        case previousWorkspace = "previous-workspace"
        case selectWorkspace = "select-workspace"
        case movePaneToWorkspace = "move-pane-to-workspace"
        case renameWorkspace = "rename-workspace"
        case renamePane = "rename-pane"
        case toggleNavigator = "toggle-navigator"
        case quickOpen = "quick-open"
        case showHelp = "show-help"
        case scrollMode = "scroll-mode"
        case reconnect
        case reconnectAll = "reconnect-all"
        case importSSH = "import"
        case quit
        case sendPrefix = "send-prefix"
        case transferQueue = "transfer-queue"
        case forwards
        case copyMode = "copy-mode"
        case find
        case paste
        case previousPrompt = "previous-prompt"
        case copyCommandOutput = "copy-output"
        case openBrowser = "open-browser"
        case openMetrics = "open-metrics"
        case history
        case toggleBroadcast = "toggle-broadcast"
        case broadcastWorkspace = "broadcast-workspace"
        case snippets
        case saveTemplate = "save-template"
        case broadcastTag = "broadcast-tag"

        /// What follows the name in the file, for error messages.
        var argumentRule: ArgumentRule {
            switch self {
            case .resizeLeft, .resizeRight, .resizeUp, .resizeDown: .optional("a number of cells", 1...999)
            case .selectWorkspace: .required("a Workspace number", 1...99)
            case .movePaneToWorkspace: .optional("a Workspace number", 1...99)
            default: .none
            }
        }

        enum ArgumentRule {
            case none
            case optional(String, ClosedRange<Int>)
            case required(String, ClosedRange<Int>)
        }
    }

    /// Reads an action from its name and the argument the keymap line gives, if any.
    public init(name text: String, argument: String?) throws(KeyActionError) {
        guard let name = Name(rawValue: text.lowercased()) else {
            throw .unknown(text, suggestion: KeymapSuggestion.closest(to: text, among: Name.allCases.map(\.rawValue)))
        }
        var number: Int?
        switch (name.argumentRule, argument) {
        case (.none, nil):
            break
        case (.none, let argument?):
            throw .unexpectedArgument(name.rawValue, argument)
        case (.required(let what, _), nil):
            throw .missingArgument(name.rawValue, what)
        case (.optional(let what, let range), let argument?), (.required(let what, let range), let argument?):
            guard let value = Int(argument), range.contains(value), !argument.hasPrefix("+") else {
                throw .badArgument(name.rawValue, argument, "\(what) from \(range.lowerBound) to \(range.upperBound)")
            }
            number = value
        case (.optional, nil):
            break
        }
        self.init(name: name, number: number)
    }

    private init(name: Name, number: Int?) {
        let cells = number ?? KeyAction.defaultResizeCells
        switch name {
        case .splitHorizontal: self = .splitHorizontal
        case .splitVertical: self = .splitVertical
        case .closePane: self = .closePane
        case .focusLeft: self = .focus(.left)
        case .focusRight: self = .focus(.right)
        case .focusUp: self = .focus(.up)
        case .focusDown: self = .focus(.down)
        case .focusNext: self = .focusNext
        case .focusPrevious: self = .focusPrevious
        case .resizeLeft: self = .resize(.left, cells: cells)
        case .resizeRight: self = .resize(.right, cells: cells)
        case .resizeUp: self = .resize(.up, cells: cells)
        case .resizeDown: self = .resize(.down, cells: cells)
        case .swapLeft: self = .swap(.left)
        case .swapRight: self = .swap(.right)
        case .swapUp: self = .swap(.up)
        case .swapDown: self = .swap(.down)
        case .zoom: self = .zoom
        case .newWorkspace: self = .newWorkspace
        case .nextWorkspace: self = .nextWorkspace
        case .previousWorkspace: self = .previousWorkspace
        case .selectWorkspace: self = .selectWorkspace(number ?? 1)
        case .movePaneToWorkspace: self = .movePaneToWorkspace(number)
        case .renameWorkspace: self = .renameWorkspace
        case .renamePane: self = .renamePane
        case .toggleNavigator: self = .toggleNavigator
        case .quickOpen: self = .quickOpen
        case .showHelp: self = .showHelp
        case .scrollMode: self = .scrollMode
        case .reconnect: self = .reconnect
        case .reconnectAll: self = .reconnectAll
        case .importSSH: self = .importSSH
        case .quit: self = .quit
        case .sendPrefix: self = .sendPrefix
        case .transferQueue: self = .transferQueue
        case .forwards: self = .forwards
        case .copyMode: self = .copyMode
        case .find: self = .find
        case .paste: self = .paste
        case .previousPrompt: self = .previousPrompt
        case .copyCommandOutput: self = .copyCommandOutput
        case .openBrowser: self = .openBrowser
        case .openMetrics: self = .openMetrics
        case .history: self = .history
        case .toggleBroadcast: self = .toggleBroadcast
        case .broadcastWorkspace: self = .broadcastWorkspace
        case .snippets: self = .snippets
        case .saveTemplate: self = .saveTemplate
        case .broadcastTag: self = .broadcastTag
        }
    }
}
