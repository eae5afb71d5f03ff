import TermindDomain

/// Where a browser's `c` copies when more than one other browser could take it: the picker
/// lists each other browser of the shown Workspace by pane number, Host and directory, and the
/// person chooses (the workbench used to pick the first in pane order, silently). It holds the
/// copy waiting for a destination, the browsers offered and the one the cursor is on. A plain
/// value on the workbench's overlay stack.
struct CopyTargetPicker {
    /// A browser a copy can go into: its pane, its number in the Workspace (as the status bar
    /// counts), its side and the directory it shows.
    struct Target: Equatable {
        let pane: PaneID
        let number: Int
        let side: BrowserSide
        let directory: String

        /// `srv2:/home/me/in`, `local:/home/me`: as the browser's path bar names it.
        var place: String { "\(side.name):\(directory)" }
    }

    /// What `c` does, given the other browsers with a directory shown: none to copy to, the
    /// only one (copy there at once), or several (ask).
    enum Choice: Equatable {
        case nowhere
        case only(Target)
        case ask([Target])

        init(_ targets: [Target]) {
            switch targets.count {
            case 0: self = .nowhere
            case 1: self = .only(targets[0])
            default: self = .ask(targets)
            }
        }
    }

    /// The copy asked for, its destination not yet set.
    let copy: BrowserCopy
    /// Where it comes from (`srv:/home/me`), for the title.
    let source: String
    let targets: [Target]
    /// The browser the copy comes from, whose marks are done with once it is queued.
    let sourcePane: PaneID?
    private(set) var selection = 0

    init(copy: BrowserCopy, source: String, targets: [Target], sourcePane: PaneID? = nil) {
        self.copy = copy
        self.sourcePane = sourcePane
        self.source = source
        self.targets = targets
    }

    var chosen: Target? { targets.indices.contains(selection) ? targets[selection] : nil }

    mutating func move(by rows: Int) {
        guard !targets.isEmpty else { return }
        selection = min(targets.count - 1, max(0, selection + rows))
    }

    /// Puts the cursor on the browser of pane number `number`, if one is offered.
    mutating func select(number: Int) -> Bool {
        guard let index = targets.firstIndex(where: { $0.number == number }) else { return false }
        selection = index
        return true
    }

    /// The copy with the chosen browser as its destination.
    var chosenCopy: BrowserCopy? {
        chosen.map { copy.into($0.side, directory: $0.directory) }
    }
}
