/// What a command declares about itself: its name, help text, options and arguments. The parser
/// reads these to parse and validate; the help formatter reads them to print usage.
public struct CommandDefinition: Sendable {
    public let name: String
    public let abstract: String
    public let discussion: String?
    public let arguments: [ArgumentDefinition]
    public let options: [OptionDefinition]
    public let examples: [String]
    /// Whether everything after a lone `--` is kept verbatim (the remote command of `exec`).
    public let acceptsTrailingCommand: Bool
    /// A command for the completion scripts only (`completion hosts`): left out of help, the
    /// man page and the completions themselves.
    public let isHidden: Bool

    public init(
        name: String, abstract: String, discussion: String? = nil,
        arguments: [ArgumentDefinition] = [], options: [OptionDefinition] = [],
        examples: [String] = [], acceptsTrailingCommand: Bool = false, hidden: Bool = false
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.examples = examples
        self.acceptsTrailingCommand = acceptsTrailingCommand
        self.isHidden = hidden
    }
}
