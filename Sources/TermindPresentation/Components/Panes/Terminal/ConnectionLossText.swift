/// What a pane says when its connection was lost, in the person's words: one sentence of what
/// happened, named by the pane's own Host ("The connection to srv was lost (the server closed
/// it)."), then the keys that act on it. The failure's detail (libssh2's operation, codes, the
/// channel and command it came from, which may be another pane's) only decides the cause said
/// in brackets; the detail itself goes to the log. A plain value.
enum ConnectionLossText {
    /// Why the connection went, as far as the detail tells.
    enum Cause: Equatable, CaseIterable {
        case closedByServer, timedOut, networkUnreachable, authentication, unknown

        /// The words in brackets after "was lost"; nil when the detail tells nothing.
        var words: String? {
            switch self {
            case .closedByServer: "the server closed it"
            case .timedOut: "the server stopped answering"
            case .networkUnreachable: "the network is unreachable"
            case .authentication: "the server no longer accepts the credentials"
            case .unknown: nil
            }
        }
    }

    /// The cause a failure's detail tells: an authentication or network failure by its words,
    /// silence (keepalives, a timeout) next, then a socket the server closed or reset.
    static func cause(of detail: String) -> Cause {
        let text = detail.lowercased()
        func says(_ words: String...) -> Bool { words.contains { text.contains($0) } }
        if says("authentication", "credentials", "permission denied", "publickey") { return .authentication }
        if says("unreachable", "no route to host", "network is down") { return .networkUnreachable }
        if says("keepalive", "timed out", "timeout", "did not answer in time") { return .timedOut }
        if says("transport read", "socket recv", "socket disconnect", "disconnected", "closed", "reset",
                "went away", "has ended", "end of file", "eof") {
            return .closedByServer
        }
        return .unknown
    }

    /// "The connection to srv was lost (the server closed it)."
    static func sentence(hostLabel: String?, detail: String) -> String {
        sentence(subject: hostLabel.map { "The connection to \($0)" } ?? "The connection", detail: detail)
    }

    /// "`subject` was lost (the server closed it)."
    static func sentence(subject: String, detail: String) -> String {
        subject + " was lost" + (cause(of: detail).words.map { " (\($0))" } ?? "") + "."
    }

    /// The lines of a notice that says `explanation` then `hint` in at most `maxRows` lines of
    /// `width` columns, word-wrapped. When both do not fit, the hint keeps its lines and the
    /// explanation gets what is left (its last line ending in "…"), so what to do always shows;
    /// a hint longer than `maxRows` (a narrow pane) takes up to `availableRows`, with a line of
    /// explanation above it when there is room. A key with the prefix ("C-\\ r") is never
    /// broken across lines.
    static func lines(explanation: String, hint: String, width: Int, maxRows: Int, availableRows: Int? = nil) -> [String] {
        func wrap(_ text: String) -> [String] {
            TextWrap.lines(text.replacing("\\ ", with: "\\\u{A0}"), width: width).map { $0.replacing("\u{A0}", with: " ") }
        }
        guard width > 0, maxRows > 0 else { return [] }
        let hintLines = wrap(hint)
        let maxRows = max(maxRows, min(availableRows ?? maxRows, hintLines.count + 1))
        let together = wrap(explanation + " " + hint)
        if together.count <= maxRows { return together }
        guard hintLines.count < maxRows else { return Array(hintLines.prefix(maxRows)) }
        let room = maxRows - hintLines.count
        var said = wrap(explanation)
        if said.count > room {
            said = Array(said.prefix(room))
            said[room - 1] = TextWrap.truncated(said[room - 1] + "…", to: width)
        }
        return said + hintLines
    }
}
