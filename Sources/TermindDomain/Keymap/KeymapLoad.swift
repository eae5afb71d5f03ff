/// A layered keymap and every problem met building it. Bad lines were skipped and the rest
/// applied, so the TUI can start with a working keymap and show the problems (as tmux reports
/// errors in its config and carries on).
public struct KeymapLoad: Sendable, Hashable {
    public let keymap: Keymap
    public let problems: [KeymapProblem]

    /// The keymap, or every problem at once when there is any.
    public func checked() throws(KeymapFileError) -> Keymap {
        guard problems.isEmpty else { throw KeymapFileError(problems: problems) }
        return keymap
    }
}
