/// Shortens text to a number of terminal columns by leaving out its middle, the one way the TUI
/// cuts a path or a title: a path keeps its side (`srv:`), the first component of its root and
/// as many trailing components as fit (`srv:/home/…/deploy/releases`), so two paths still read
/// apart by where they are and what they end in. Widths are display columns
/// (`CharacterWidth`); a wide character is never split. Pure.
enum TextElision {
    static let mark = "…"

    /// `text` in at most `width` columns: whole when it fits, else its start and its end with
    /// "…" between (the end gets two thirds of the room: a name's tail tells more than its head).
    static func middle(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        guard CharacterWidth.columns(of: text) > width else { return text }
        guard width > 2 else { return TextWrap.truncated(text, to: width) }
        let head = leading(text, columns: (width - 1) / 3)
        let tail = trailing(text, columns: width - 1 - CharacterWidth.columns(of: head))
        return head + mark + tail
    }

    /// A path (or `side:path`) in at most `width` columns, left out component by component:
    /// `srv:/home/…/deploy/releases`, then `srv:…/releases`, then the last component's own
    /// middle (`srv:…/rel…ses`). A path with no `/` is elided as text.
    static func path(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        guard CharacterWidth.columns(of: text) > width else { return text }
        let (side, path) = split(side: text)
        let isAbsolute = path.hasPrefix("/")
        let isHome = path.hasPrefix("~/")
        var components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if isHome { components.removeFirst() }
        guard components.count > 1 || (components.count == 1 && (isAbsolute || isHome)) else { return middle(text, to: width) }
        let root = isAbsolute ? "/" : (isHome ? "~/" : "")
        let last = components.removeLast()
        // The root's first component ("/home/") when something is left out after it.
        let first = components.isEmpty ? nil : components.removeFirst()
        let heads: [String] = [first.map { side + root + $0 + "/" + mark + "/" }, side + root + mark + "/", side + mark + "/"]
            .compactMap { $0 }
        for head in heads {
            let room = width - CharacterWidth.columns(of: head)
            guard room >= CharacterWidth.columns(of: last) else { continue }
            // As many trailing components as fit after the head.
            var tail = last
            for component in components.reversed() {
                let longer = component + "/" + tail
                guard CharacterWidth.columns(of: longer) <= room else { break }
                tail = longer
            }
            return head + tail
        }
        // Not even the last component fits whole beside the side: its own middle goes.
        let head = side + mark + "/"
        let room = width - CharacterWidth.columns(of: head)
        if room >= 3 { return head + middle(last, to: room) }
        return middle(text, to: width)
    }

    /// `srv:` and `/path` from `srv:/path`: the side is what comes before the first `:` when no
    /// `/` does (a local path with a colon further on has none).
    private static func split(side text: String) -> (side: String, path: String) {
        guard let colon = text.firstIndex(of: ":"), !text[..<colon].contains("/") else { return ("", text) }
        let after = text.index(after: colon)
        return (String(text[..<after]), String(text[after...]))
    }

    /// The longest start of `text` in at most `columns` columns.
    static func leading(_ text: String, columns: Int) -> String {
        var result = "", used = 0
        for character in text {
            let width = CharacterWidth.columns(of: character)
            if used + width > columns { break }
            result.append(character)
            used += width
        }
        return result
    }

    /// The longest end of `text` in at most `columns` columns.
    static func trailing(_ text: String, columns: Int) -> String {
        var result: [Character] = [], used = 0
        for character in text.reversed() {
            let width = CharacterWidth.columns(of: character)
            if used + width > columns { break }
            result.append(character)
            used += width
        }
        return String(result.reversed())
    }
}
