import TermindDomain

// Where a key goes: the top of the overlay stack first (`Workbench+Overlays`: a dialog, a
// question, a picker, a screen), then the keymap (the prefix and direct bindings), and what the
// keymap lets through to the Navigator or the focused pane.

extension Workbench {
    func handleKey(_ press: KeyPress) {
        if sendKeyToOverlays(press) { return }
        switch dispatcher.handle(press.keymapKey) {
        case .perform(let action):
            perform(action)
        case .awaitingKey, .unbound:
            break
        case .passThrough:
            if focus == .navigator && navigator.isVisible {
                handleNavigatorKey(press)
            } else {
                sendToPane(press)
            }
        }
    }

    func handlePaste(_ bytes: [UInt8]) {
        if sendPasteToOverlays(bytes) { return }
        if focus == .navigator && navigator.isVisible {
            navigator.filter += Self.firstLine(of: bytes)
            navigator.selection = 0
        } else {
            for id in inputTargets { deliver(.paste(bytes), to: id) }
        }
    }

    static func firstLine(of bytes: [UInt8]) -> String {
        String(String(decoding: bytes, as: UTF8.self).prefix { $0 != "\n" && $0 != "\r" }).filter { !CellBuffer.isControl($0) }
    }

    // MARK: - The focused pane

    /// A key for the focused pane, and for every pane of the broadcast it is in.
    func sendToPane(_ press: KeyPress) {
        for id in inputTargets { deliver(.key(press), to: id) }
    }

    // MARK: - The Navigator

    private func handleNavigatorKey(_ press: KeyPress) {
        let entries = navigator.entries(hosts: hostSearch, workspaces: workspaces, recent: recent, identities: identities)
        switch press.key {
        case .up: navigator.moveSelection(by: -1, in: entries)
        case .down: navigator.moveSelection(by: 1, in: entries)
        case .character("p") where press.modifiers == .control: navigator.moveSelection(by: -1, in: entries)
        case .character("n") where press.modifiers == .control: navigator.moveSelection(by: 1, in: entries)
        case .pageUp: navigator.moveSelection(by: -10, in: entries)
        case .pageDown: navigator.moveSelection(by: 10, in: entries)
        case .enter:
            if !navigator.marked.isEmpty {
                openMarkedHosts()
            } else if let entry = navigator.selected(in: entries) {
                openNavigatorEntry(entry)
            }
            if focus != .navigator { navigator.hideAfterPick() }
        case .character(" ") where press.modifiers.isEmpty:
            // Spaces never count in the filter: Space marks the Host to open with others.
            if case .host(let host)? = navigator.selected(in: entries) {
                if navigator.marked.remove(host.id) == nil { navigator.marked.insert(host.id) }
                navigator.moveSelection(by: 1, in: entries)
            }
        case .character("a") where press.modifiers == .control:
            let shown = Set(entries.shownHosts.map(\.id))
            navigator.marked = shown.isSubset(of: navigator.marked) ? navigator.marked.subtracting(shown) : navigator.marked.union(shown)
        case .escape:
            if !navigator.marked.isEmpty {
                navigator.marked = []
            } else if navigator.filter.isEmpty {
                focus = .panes
                navigator.hideAfterPick()
            } else {
                navigator.filter = ""
                navigator.selection = 0
            }
        case .tab:
            focus = .panes
        case .backspace:
            if !navigator.filter.isEmpty {
                navigator.filter.removeLast()
                navigator.selection = 0
            }
        case .character("u") where press.modifiers == .control:
            navigator.filter = ""
            navigator.selection = 0
        case .function(7), .insert:
            addFromNavigator(navigator.selected(in: entries))
        case .function(6):
            editFromNavigator(navigator.selected(in: entries))
        case .character("e") where press.modifiers == .control:
            editFromNavigator(navigator.selected(in: entries))
        case .function(8), .delete:
            removeFromNavigator(navigator.selected(in: entries))
        case .character("x") where press.modifiers == .control:
            askClearRecent()
        default:
            if let character = press.typedCharacter {
                navigator.filter.append(character)
                navigator.selection = 0
            }
        }
    }

    func openNavigatorEntry(_ entry: Navigator.Entry) {
        switch entry {
        case .host(let host):
            navigator.filter = ""
            navigator.selection = 0
            open(host)
        case .workspace(let index, _):
            selectWorkspace(index)
            focus = .panes
        case .recent(let index, _):
            openRecent(index)
        case .identity(let identity):
            openVaultForm(.identity(editing: identity.label.rawValue))
        case .newIdentity:
            openVaultForm(.identity(editing: nil))
        case .heading, .note:
            break
        }
    }

    // MARK: - Quick Open

    func openQuickOpen(for target: PaneID? = nil) {
        quickOpen = QuickOpen(targetPane: target)
        dispatcher.reset()
        run(.reloadHosts)
    }
}

// MARK: - Runs of plain characters

extension Workbench {
    /// The fast way for most input, text typed or pasted without brackets: a run of characters
    /// without modifiers, bound to nothing, for the focused and connected pane, is sent as its
    /// UTF-8 (what a character without modifiers encodes to in every mode) without dispatching
    /// each key. Returns how many events of `events` it took (0 when the first is not such a
    /// character or the pane does not take plain typing now).
    func typePlainRun(_ events: ArraySlice<InputEvent>, boundCache: inout [Character: Bool]) -> Int {
        guard overlays.isEmpty, !dispatcher.isAwaitingKey, focus == .panes || !navigator.isVisible,
              focusedPane?.acceptsPlainText == true
        else { return 0 }
        var bytes: [UInt8] = []
        var taken = 0
        for event in events {
            guard case .key(let press) = event, press.modifiers.isEmpty, case .character(let character) = press.key,
                  Self.isPlainText(character)
            else { break }
            let isBound = boundCache[character] ?? {
                let key = press.keymapKey
                let bound = key == keymap.prefix || keymap.action(for: .direct(key)) != nil
                boundCache[character] = bound
                return bound
            }()
            if isBound { break }
            bytes.append(contentsOf: character.utf8)
            taken += 1
        }
        guard taken > 0 else { return 0 }
        message = nil
        let focused = workspace.focusedPaneID
        for id in inputTargets {
            // A broadcast pane that does not take plain text now (copy mode) gets each key.
            if id == focused || panes[id]?.acceptsPlainText == true {
                deliver(.typed(bytes), to: id)
            } else {
                for event in events.prefix(taken) { if case .key(let press) = event { deliver(.key(press), to: id) } }
            }
        }
        return taken
    }

    private static func isPlainText(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first else { return false }
        return (0x20...0x7E).contains(first.value) || first.value >= 0xA0
    }
}
