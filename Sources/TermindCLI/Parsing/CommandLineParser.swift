/// Turns `argv` into a validated command, from the definitions commands declare.
///
/// - A command's own options, and the global options of the commands above it, are accepted
///   (`termind --data-dir D hosts list` and `termind hosts list --data-dir D` mean the same).
/// - `--name value`, `--name=value`, `-n value`, `-nVALUE` and clustered short flags (`-la`).
/// - A lone `--` ends options; for commands with a trailing command (`exec`) the rest is kept
///   verbatim, otherwise it is positional.
/// - `--help`/`-h` anywhere asks for help on the command reached.
public struct CommandLineParser: Sendable {
    public let root: any Command.Type

    public init(root: any Command.Type) { self.root = root }

    public func parse(_ arguments: [String]) throws(UsageError) -> ParseOutcome {
        var chain: [any Command.Type] = [root]
        var path: [String] = []
        var parsed = ParsedCommandLine(commandPath: [])
        var positionals: [String] = []
        var helpRequested = false
        var index = 0

        func fail(_ message: String) -> UsageError { UsageError(message, commandPath: path) }
        var available: [OptionDefinition] {
            chain.dropLast().flatMap { $0.definition.options.filter(\.isGlobal) } + chain.last!.definition.options
        }

        func store(_ option: OptionDefinition, _ raw: String?, _ spelled: String) throws(UsageError) {
            switch option.kind {
            case .flag:
                if raw != nil { throw fail("\(spelled) is a flag and takes no value") }
                parsed.flags.insert(option.long)
                parsed.flagCounts[option.long, default: 0] += 1
            case .value(let type, _, let repeating):
                guard let raw else { throw fail("\(spelled) needs a value") }
                let value: String
                do { value = try type.validate(raw, for: spelled) } catch { throw fail(error.message) }
                if repeating { parsed.options[option.long, default: []].append(value) }
                else { parsed.options[option.long] = [value] }
            }
        }

        while index < arguments.count {
            let token = arguments[index]
            index += 1
            if token == "--" {
                let rest = Array(arguments[index...])
                if chain.last!.definition.acceptsTrailingCommand { parsed.trailing = rest }
                else { positionals += rest }
                break
            }
            if token == "--help" || token == "-h" {
                helpRequested = true
            } else if token.hasPrefix("--") {
                let body = token.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                let inline = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
                guard let option = available.first(where: { $0.long == name }) else {
                    throw fail("unknown option '--\(name)'" + suggestion(name, among: available.map(\.long), prefix: "--"))
                }
                var raw = inline
                if option.takesValue && raw == nil {
                    guard index < arguments.count else { throw fail("--\(name) needs a value") }
                    raw = arguments[index]
                    index += 1
                }
                try store(option, raw, "--\(name)")
            } else if token.hasPrefix("-") && token.count > 1 && Int(token) == nil {
                var letters = Substring(token.dropFirst())
                while let letter = letters.first {
                    letters = letters.dropFirst()
                    guard let option = available.first(where: { $0.short == letter }) else {
                        throw fail("unknown option '-\(letter)'")
                    }
                    if option.takesValue {
                        var raw: String? = letters.isEmpty ? nil : String(letters)
                        letters = ""
                        if raw == nil {
                            guard index < arguments.count else { throw fail("-\(letter) needs a value") }
                            raw = arguments[index]
                            index += 1
                        }
                        try store(option, raw, "-\(letter)")
                    } else {
                        try store(option, nil, "-\(letter)")
                    }
                }
            } else if positionals.isEmpty, let next = chain.last!.subcommands.first(where: { $0.definition.name == token }) {
                chain.append(next)
                path.append(token)
            } else if positionals.isEmpty, !chain.last!.subcommands.isEmpty, chain.last!.definition.arguments.isEmpty {
                let names = chain.last!.subcommands.map { $0.definition.name }
                throw fail("unknown command '\(token)'" + suggestion(token, among: names, prefix: ""))
            } else {
                positionals.append(token)
            }
        }

        if helpRequested { return .help(commandPath: path) }
        if path.isEmpty && parsed.flag("version") { return .version }

        let command = chain.last!
        parsed = ParsedCommandLine(copying: parsed, commandPath: path)
        parsed.arguments = try assign(positionals, to: command.definition.arguments, path: path)
        do {
            return .run(try command.init(parsed), commandPath: path)
        } catch var error {
            error.commandPath = path
            throw error
        }
    }

    /// Hands positionals to the declared arguments in order; a repeating argument takes what
    /// the required arguments after it leave (`cp SRC... DST`).
    private func assign(
        _ values: [String], to definitions: [ArgumentDefinition], path: [String]
    ) throws(UsageError) -> [String: [String]] {
        var result: [String: [String]] = [:]
        var remaining = values[...]
        for (position, definition) in definitions.enumerated() {
            let after = definitions[(position + 1)...].filter { !$0.isOptional }.count
            let take: Int
            if definition.isRepeating {
                take = max(0, remaining.count - after)
            } else {
                take = remaining.count > after || (!definition.isOptional && !remaining.isEmpty) ? 1 : 0
            }
            if take == 0 && !definition.isOptional {
                throw UsageError("missing \(definition.name)", commandPath: path)
            }
            var taken: [String] = []
            for raw in remaining.prefix(take) {
                do {
                    taken.append(try definition.type.validate(raw, for: definition.name))
                } catch {
                    throw UsageError(error.message, commandPath: path)
                }
            }
            remaining = remaining.dropFirst(take)
            if !taken.isEmpty { result[definition.name] = taken }
        }
        if let extra = remaining.first {
            throw UsageError("unexpected argument '\(extra)'", commandPath: path)
        }
        return result
    }

    /// " (did you mean 'hosts'?)" when one candidate is a short edit away.
    private func suggestion(_ word: String, among candidates: [String], prefix: String) -> String {
        let close = candidates
            .map { ($0, Self.editDistance(word, $0)) }
            .filter { $0.1 <= (word.count < 4 ? 1 : 2) }
            .min { $0.1 < $1.1 }
        return close.map { " (did you mean '\(prefix)\($0.0)'?)" } ?? ""
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let saved = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = saved
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}

extension ParsedCommandLine {
    init(copying other: ParsedCommandLine, commandPath: [String]) {
        self.init(commandPath: commandPath)
        flags = other.flags
        flagCounts = other.flagCounts
        options = other.options
        arguments = other.arguments
        trailing = other.trailing
    }
}
