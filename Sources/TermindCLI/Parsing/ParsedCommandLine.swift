/// The values one command line gave a command, already checked against its definition.
/// Commands read them in `init` through the typed accessors below.
public struct ParsedCommandLine: Sendable, Equatable {
    /// Names from the root down to the command, without `termind` (`["hosts", "add"]`).
    public let commandPath: [String]
    var flags: Set<String> = []
    /// How often each flag was given (`-tt` is `t` twice).
    var flagCounts: [String: Int] = [:]
    var options: [String: [String]] = [:]
    var arguments: [String: [String]] = [:]
    /// Everything after a lone `--` for commands that take a trailing command.
    public internal(set) var trailing: [String] = []

    init(commandPath: [String]) { self.commandPath = commandPath }

    public func flag(_ long: String) -> Bool { flags.contains(long) }

    /// How many times a flag was given: `ssh -tt` forces what `-t` asks for.
    public func flagCount(_ long: String) -> Int { flagCounts[long] ?? 0 }

    /// The last value given for `--long`, or nil.
    public func value(_ long: String) -> String? { options[long]?.last }

    /// Every value given for a repeating option, in order.
    public func values(_ long: String) -> [String] { options[long] ?? [] }

    /// An integer option; the parser has already checked its range.
    public func integer(_ long: String) -> Int? { value(long).flatMap { Int($0) } }

    public func argument(_ name: String) -> String? { arguments[name]?.first }

    /// Every value of a repeating argument (`SRC...`).
    public func argumentList(_ name: String) -> [String] { arguments[name] ?? [] }
}
