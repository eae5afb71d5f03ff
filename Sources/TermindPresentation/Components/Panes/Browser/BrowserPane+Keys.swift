import TermindDomain

// The person's keys in a browser pane: the foot line's prompt first when one is open, then
// the listing's keys (`BrowserPane.keys` lists them for the `?` screen and the foot line).

extension BrowserPane {
    /// Every key of the listing, with what it does, as `?` shows them.
    nonisolated static let keys: [(String, String)] = [
        ("↑↓ j k PgUp PgDn Home End", "move"),
        ("Enter → l", "open the directory"),
        ("Backspace ← h -", "parent directory"),
        ("[ ]", "back, forward"),
        ("g :", "type a path (~ is the start directory)"),
        ("/", "filter as you type (Escape clears it)"),
        (".", "show or hide hidden files"),
        ("s S", "sort by name, size, time; reverse"),
        ("r C-r", "list again"),
        ("Space a", "mark; mark all (again: none)"),
        ("m F7", "make a directory"),
        ("n F6", "rename"),
        ("d Delete F8", "delete (asks; directories with what they hold)"),
        ("p", "permissions, in octal"),
        ("c", "copy to another browser (asks which when there are several)"),
        ("e", "edit the file in $EDITOR"),
        ("f", "stop following the shell beside (OSC 7), or follow it again"),
        ("?", "this list"),
    ]

    /// The short forms for the foot line, most used first: a narrow pane shows those that fit
    /// whole, `? keys` always.
    nonisolated static let keyHints = [
        "? keys", "Enter open", "⌫ up", "c copy", "e edit", "/ filter", "g path", "Space mark", "[ ] back/fwd", ". hidden",
        "s sort", "r refresh", "m mkdir", "n rename", "d delete", "p chmod", "f follow",
    ]

    func key(_ press: KeyPress) -> [PaneEffect] {
        if showsKeys {
            toggleKeys()
            return []
        }
        if let prompt {
            return promptKey(press, prompt)
        }
        clearNotice()
        guard status == .connected else {
            return press.key == .enter && status.canReconnect ? update(.reconnect) : []
        }
        if press.modifiers == .control, case .character(let character) = press.key {
            switch character {
            case "r": return refresh()
            case "n": moveCursor(by: 1)
            case "p": moveCursor(by: -1)
            default: break
            }
            return []
        }
        let page = max(1, listRows - 1)
        switch (press.key, press.typedCharacter) {
        case (.up, _), (_, "k"): moveCursor(by: -1)
        case (.down, _), (_, "j"): moveCursor(by: 1)
        case (.pageUp, _): moveCursor(by: -page)
        case (.pageDown, _): moveCursor(by: page)
        case (.home, _): moveCursor(to: 0)
        case (.end, _), (_, "G"): moveCursor(to: listing.count - 1)
        case (.enter, _), (.right, _), (_, "l"): return open()
        case (.backspace, _), (.left, _), (_, "h"), (_, "-"): return goToParent()
        case (_, "["): return goBack()
        case (_, "]"): return goForward()
        case (_, "g"), (_, ":"): ask(BrowserPrompt(.path, text: path ?? ""))
        case (_, "/"): ask(BrowserPrompt(.filter, text: listing.filter))
        case (.escape, _):
            if !listing.filter.isEmpty { setFilter("") } else { clearMarks() }
        case (_, "."): toggleHidden()
        case (_, "s"): cycleSort()
        case (_, "S"): reverseSort()
        case (_, "r"): return refresh()
        case (_, " "): toggleMark()
        case (_, "a"): toggleMarkAll()
        case (_, "m"), (.function(7), _): ask(BrowserPrompt(.makeDirectory))
        case (_, "n"), (.function(6), _):
            if let entry = current { ask(BrowserPrompt(.rename(entry.path), text: entry.name)) }
        case (_, "d"), (.delete, _), (.function(8), _):
            let paths = targets
            guard !paths.isEmpty else { return [] }
            return change(.count(paths), doing: "counting what deleting takes")
        case (_, "p"):
            let paths = targets
            guard !paths.isEmpty else { return [] }
            let mode = current?.mode.map { String($0 & 0o7777, radix: 8) } ?? ""
            ask(BrowserPrompt(.changePermissions(paths), text: mode))
        case (_, "c"):
            let paths = targets
            guard !paths.isEmpty else { return [] }
            return [.copySelection(BrowserCopy(sourceHost: side.hostLabel, sources: paths))]
        case (_, "e"):
            guard let entry = current, entry.kind == .file else { return [.message("e edits a file; this is not one")] }
            guard let host = side.hostLabel else { return [.editLocalFile(path: entry.path)] }
            return [.editRemoteFile(host: host, path: entry.path)]
        case (_, "?"): toggleKeys()
        case (_, "f"): return toggleFollowing()
        default: break
        }
        return []
    }

    /// A key while the foot line asks: text editing, Enter to do it, Escape to cancel.
    private func promptKey(_ press: KeyPress, _ prompt: BrowserPrompt) -> [PaneEffect] {
        if !prompt.takesText {
            ask(nil)
            if press.typedCharacter == "y" || press.typedCharacter == "Y", case .confirmDelete(let paths, let entries) = prompt.purpose {
                return change(.delete(paths), doing: "deleting \(entries) entr\(entries == 1 ? "y" : "ies")")
            }
            say("nothing deleted")
            return []
        }
        switch press.key {
        case .escape:
            ask(nil)
            if prompt.purpose == .filter { setFilter("") }
            return []
        case .enter:
            ask(nil)
            return submit(prompt)
        case .backspace:
            return edit { if !$0.isEmpty { $0.removeLast() } }
        case .character("u") where press.modifiers == .control:
            return edit { $0 = "" }
        default:
            guard let character = press.typedCharacter else { return [] }
            return edit { $0.append(character) }
        }
    }

    /// What Enter on a prompt does.
    private func submit(_ prompt: BrowserPrompt) -> [PaneEffect] {
        let text = prompt.text
        switch prompt.purpose {
        case .filter:
            return []
        case .path:
            guard let target = resolve(text) else { return [] }
            return list(target, move: .visit)
        case .makeDirectory:
            guard !text.isEmpty, let target = resolve(text) else { return [] }
            return change(.makeDirectory(target), doing: "creating \(TerminalSafeText(text).text)")
        case .rename(let source):
            guard !text.isEmpty, let target = resolve(text), target != source else { return [] }
            return change(.rename(source, to: target), doing: "renaming")
        case .changePermissions(let paths):
            guard let mode = UInt32(text, radix: 8), mode <= 0o7777 else {
                say("permissions are octal digits, 0 to 7777; \(TerminalSafeText(text).text) is not", failure: true)
                return []
            }
            return change(.changePermissions(paths, to: mode), doing: "changing permissions")
        case .confirmDelete:
            return []
        }
    }

    /// A typed path: absolute, `~` or `~/...` from the start directory, else from the directory
    /// shown.
    func resolve(_ text: String) -> String? {
        guard let path else { return nil }
        if text.isEmpty || text == "~" { return home ?? path }
        if text.hasPrefix("~/"), let home { return RemotePath.join(home, String(text.dropFirst(2))) }
        return RemotePath.join(path, text)
    }
}
