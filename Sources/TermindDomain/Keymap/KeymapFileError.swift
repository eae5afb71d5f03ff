/// Every problem found in the keymap files, thrown by `KeymapLoad.checked()` when a caller wants
/// all or nothing (a `termind keymap check`, the tests of the default file).
public struct KeymapFileError: Error, Sendable, Hashable, CustomStringConvertible {
    public let problems: [KeymapProblem]

    public init(problems: [KeymapProblem]) { self.problems = problems }

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
