import TermindApplication
import TermindDomain

/// What `termind exec` runs and where, once the Vault is read: the command (the words after
/// `--`, or a Snippet's script with its `{{variables}}` filled from `--var NAME=VALUE`) and the
/// Hosts (those named, then every Host with a `--tag`, each once, in that order).
struct ExecTarget {
    var hosts: [String]
    var command: String

    /// Resolves `snippet` and `tags` against `snapshot`; throws a message naming what is
    /// missing (an unknown Snippet or tag, a variable without a value).
    static func resolve(
        hosts named: [String], words: String?, snippet: String?, values: [String: String], tags: [String], in snapshot: VaultSnapshot
    ) throws(UsageError) -> ExecTarget {
        var hosts = named
        for tag in tags {
            let tagged = snapshot.hosts.filter { $0.tags.contains(tag) }.map(\.label.rawValue).sorted()
            guard !tagged.isEmpty else { throw UsageError("no Host has the tag '\(tag)' (termind hosts list shows the tags)") }
            for label in tagged where !hosts.contains(label) { hosts.append(label) }
        }
        guard !hosts.isEmpty else { throw UsageError("give a HOST or --tag TAG") }
        guard let snippet else { return ExecTarget(hosts: hosts, command: words ?? "") }
        guard let found = snapshot.snippets.first(where: { $0.label.rawValue == snippet }) else {
            throw UsageError("no Snippet '\(snippet)' in the Vault (termind snippets list shows them)")
        }
        let template = SnippetTemplate(found.script)
        let missing = template.variables.filter { values[$0] == nil }
        guard missing.isEmpty else {
            let flags = missing.map { "--var \($0)=VALUE" }.joined(separator: " ")
            throw UsageError("the Snippet '\(snippet)' needs a value for \(missing.map { "{{\($0)}}" }.joined(separator: ", ")): add \(flags)")
        }
        let unknown = values.keys.filter { !template.variables.contains($0) }.sorted()
        guard unknown.isEmpty else {
            throw UsageError("the Snippet '\(snippet)' has no {{\(unknown[0])}}; its variables: \(template.variables.isEmpty ? "none" : template.variables.joined(separator: ", "))")
        }
        return ExecTarget(hosts: hosts, command: template.rendered(values))
    }

    /// `--var NAME=VALUE` options as a dictionary; the last value of a name wins.
    static func values(_ options: [String]) throws(UsageError) -> [String: String] {
        var values: [String: String] = [:]
        for option in options {
            guard let equals = option.firstIndex(of: "="), equals != option.startIndex else {
                throw UsageError("--var takes NAME=VALUE, not '\(option)'")
            }
            values[String(option[..<equals])] = String(option[option.index(after: equals)...])
        }
        return values
    }
}
