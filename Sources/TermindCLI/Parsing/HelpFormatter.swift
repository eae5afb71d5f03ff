import TermindApplication

/// Renders a command's help and usage line from its definition, so help never drifts from
/// what the parser accepts.
public struct HelpFormatter: Sendable {
    public let root: any Command.Type

    public init(root: any Command.Type) { self.root = root }

    /// The chain of command types from the root to `path`, or nil when a name is unknown.
    public func chain(for path: [String]) -> [any Command.Type]? {
        var chain: [any Command.Type] = [root]
        for name in path {
            guard let next = chain.last!.subcommands.first(where: { $0.definition.name == name }) else {
                return nil
            }
            chain.append(next)
        }
        return chain
    }

    /// The subcommands help, the man page and the completions show: all but the hidden ones.
    static func visibleSubcommands(of command: any Command.Type) -> [any Command.Type] {
        command.subcommands.filter { !$0.definition.isHidden }
    }

    /// `Usage: termind hosts add LABEL [options]`
    public func usage(for path: [String]) -> String {
        guard let chain = chain(for: path) else { return "Usage: \(root.definition.name) <command> [options]" }
        let command = chain.last!
        let definition = command.definition
        var words = [root.definition.name] + path
        if !Self.visibleSubcommands(of: command).isEmpty { words.append("<command>") }
        words += definition.arguments.map(\.synopsis)
        if !options(of: chain).isEmpty { words.append("[options]") }
        if definition.acceptsTrailingCommand { words.append("-- COMMAND...") }
        return "Usage: " + words.joined(separator: " ")
    }

    public func help(for path: [String]) -> String {
        guard let chain = chain(for: path) else { return usage(for: path) }
        let command = chain.last!
        let definition = command.definition
        let title = ([root.definition.name] + path).joined(separator: " ")
        var text = "\(title): \(definition.abstract)\n\n\(usage(for: path))\n"
        if let discussion = definition.discussion { text += "\n\(discussion)\n" }
        if !Self.visibleSubcommands(of: command).isEmpty {
            text += section("Commands", Self.visibleSubcommands(of: command).map { ($0.definition.name, $0.definition.abstract) })
        }
        if !definition.arguments.isEmpty {
            text += section("Arguments", definition.arguments.map { ($0.synopsis, $0.help) })
        }
        let options = options(of: chain) + [.flag("help", short: "h", help: "Show this help")]
        text += section("Options", options.map { ($0.synopsis, $0.help) })
        if !definition.examples.isEmpty {
            text += "\nExamples:\n" + definition.examples.map { "  \($0)\n" }.joined()
        }
        if path.isEmpty {
            text += section("Exit codes", ExitCode.allCases.map { (String($0.rawValue), $0.meaning) })
        }
        return text
    }

    /// The command's own options first, then the global ones of the commands above it.
    func options(of chain: [any Command.Type]) -> [OptionDefinition] {
        chain.last!.definition.options + chain.dropLast().reversed().flatMap { $0.definition.options.filter(\.isGlobal) }
    }

    private func section(_ title: String, _ rows: [(String, String)]) -> String {
        let width = min(28, rows.map(\.0.count).max() ?? 0)
        let lines = rows.map { name, help in
            name.count > width
                ? "  \(name)\n  \(String(repeating: " ", count: width))  \(help)\n"
                : "  \(name.padding(toLength: width, withPad: " ", startingAt: 0))  \(help)\n"
        }
        return "\n\(title):\n" + lines.joined()
    }
}
