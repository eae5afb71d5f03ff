/// Something wrong in a keymap file, where it is and what is wrong:
/// `~/.config/termind/keymap:12: unknown action 'splt-vertical' (did you mean split-vertical?)`.
public struct KeymapProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file's name as the person knows it (a path, or `keymap.default`).
    public let file: String
    /// Counted from 1.
    public let line: Int
    public let message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { "\(file):\(line): \(message)" }
}
