/// Reads an OpenSSH client configuration (ssh_config(5)) as OpenSSH 9.2 reads it, for "Import
/// from ~/.ssh": every concrete `Host` alias resolved as `ssh -G ALIAS -F FILE` would resolve it,
/// and a note for every line that is not imported or cannot be read. Pure: files and globs come
/// through the closures, and nothing in the configuration is ever executed (`ProxyCommand`,
/// `LocalCommand`, `RemoteCommand`, `KnownHostsCommand` and `Match exec` are notes).
///
/// What OpenSSH refuses outright (an unknown keyword, a bad port, an unterminated quote, an
/// Include loop) is a note on that line, and since ssh then refuses every name the configuration
/// would resolve, nothing is imported from it: the resolution's refusal says so. A line that
/// is bad only for some names (an unknown keyword an `IgnoreUnknown` excuses for others, a bad
/// `HostName` token) leaves out just those names.
public struct SSHConfigReader {
    /// The local user's home from the password database: `~` and `%d` in `IdentityFile`.
    public var home: String
    public var localUser: String
    /// gethostname(3): `%l`, and up to its first dot `%L`.
    public var localHostname: String
    /// `$HOME`, which glob(3) uses for `~` and relative paths in `Include`; `home` unless set.
    /// OpenSSH itself takes the two from different places, which tests need to tell apart.
    public var includeHome: String
    /// The local user id for `%i`; without it `%i` is reported and left unexpanded.
    public var localUserID: Int?
    /// The environment for `${VAR}` in `IdentityFile`; an unset variable is reported.
    public var environment: [String: String] = [:]

    private let readFile: (String) throws -> String
    private let expandGlob: (String) -> [String]

    /// readFile: contents of an absolute path (throws if unreadable); expandGlob: absolute glob
    /// pattern → sorted matching paths (as OpenSSH's glob(3)).
    public init(
        home: String, localUser: String, localHostname: String,
        readFile: @escaping (String) throws -> String, expandGlob: @escaping (String) -> [String]
    ) {
        self.home = home
        self.localUser = localUser
        self.localHostname = localHostname
        self.includeHome = home
        self.readFile = readFile
        self.expandGlob = expandGlob
    }

    /// Reads the config at `path` (absolute) with its Includes and resolves every concrete alias.
    public func read(_ path: String) -> SSHConfigResolution {
        var loader = SSHConfigLoader(
            readFile: readFile, expandGlob: expandGlob, includeHome: includeHome, localUser: localUser, log: SSHConfigNoteLog())
        loader.environment = environment
        guard let root = loader.load(path) else {
            return SSHConfigResolution(hosts: [], notes: loader.log.notes, files: [path])
        }
        var log = loader.log
        log.add(contentsOf: Self.unknownKeywordNotes(root))
        var files: [String] = []
        root.forEachFile { if !files.contains($0) { files.append($0) } }
        if let refusal = Self.refusal(log.notes, path: path) {
            return SSHConfigResolution(hosts: [], notes: log.notes, files: files, refusal: refusal)
        }
        let evaluator = evaluator(root)
        var hosts: [SSHConfigHost] = []
        for (alias, location) in Self.concreteAliases(root) {
            let (host, notes) = evaluator.resolve(alias, location: location)
            log.add(contentsOf: notes)
            if let refused = notes.first(where: \.refusedByOpenSSH) {
                log.add(SSHConfigNote(
                    location: refused.location, keyword: refused.keyword,
                    message: "OpenSSH refuses \(alias) because of this line, so \(alias) is not imported; fix the line and import again"))
                continue
            }
            hosts.append(host)
        }
        return SSHConfigResolution(hosts: hosts, notes: log.notes, files: files)
    }

    /// The note that the whole configuration is refused, at the first line ssh refuses, when a
    /// line is bad whatever the name (the others are host-dependent and handled per name).
    private static func refusal(_ notes: [SSHConfigNote], path: String) -> SSHConfigNote? {
        let refused = notes.filter(\.refusedByOpenSSH)
        guard let first = refused.first else { return nil }
        let others = refused.count > 1 ? " (and \(refused.count - 1) more line\(refused.count > 2 ? "s" : "") noted)" : ""
        return SSHConfigNote(
            location: first.location, keyword: first.keyword,
            message: "OpenSSH refuses \(path) as a whole because of this line\(others), so nothing from it is imported; fix the line and import again")
    }

    /// Resolves one name as `ssh -G NAME -F path` would (for tests and for the import of a hop).
    /// `name` is a bare host name (no `user@`). The location is the `Host` line that names it,
    /// or `path` with line 0 when no `Host` line does.
    public func resolve(_ name: String, in path: String) -> SSHConfigHost {
        var loader = SSHConfigLoader(
            readFile: readFile, expandGlob: expandGlob, includeHome: includeHome, localUser: localUser, log: SSHConfigNoteLog())
        loader.environment = environment
        let root = loader.load(path) ?? SSHConfigFile(path: path, statements: [])
        let location = Self.concreteAliases(root).first { $0.alias == name }?.location ?? SSHConfigLocation(file: path, line: 0)
        return evaluator(root).resolve(name, location: location).0
    }

    private func evaluator(_ root: SSHConfigFile) -> SSHConfigEvaluator {
        SSHConfigEvaluator(
            root: root, home: home, localUser: localUser, localHostname: localHostname, localUserID: localUserID,
            environment: environment)
    }

    /// `Host` patterns and `Match originalhost` list entries without wildcards or negation (names
    /// ssh resolves as written), each once, at the first line that names it.
    static func concreteAliases(_ root: SSHConfigFile) -> [(alias: String, location: SSHConfigLocation)] {
        var seen: Set<String> = []
        var aliases: [(alias: String, location: SSHConfigLocation)] = []
        root.forEachStatement { statement in
            let names: [String]
            switch statement.directive {
            case .host(let patterns): names = patterns
            case .match(let condition): names = condition.originalHostNames
            default: return
            }
            for name in names where SSHConfigPattern.isConcrete(name) && seen.insert(name).inserted {
                aliases.append((name, statement.location))
            }
        }
        return aliases
    }

    /// Unknown keywords that no `IgnoreUnknown` anywhere could excuse, reported even when no alias
    /// reaches them. Whether one that could be excused is depends on the host; resolving reports it.
    static func unknownKeywordNotes(_ root: SSHConfigFile) -> [SSHConfigNote] {
        var ignoreLists: [String] = []
        var unknown: [(String, SSHConfigStatement)] = []
        root.forEachStatement { statement in
            switch statement.directive {
            case .ignoreUnknown(let list): ignoreLists.append(list)
            case .unknown(let keyword): unknown.append((keyword, statement))
            default: break
            }
        }
        return unknown.filter { keyword, _ in
            !ignoreLists.contains { SSHConfigPattern.matchList(keyword, list: $0, lowercase: true) == 1 }
        }.map { unknownKeywordNote($0.1) }
    }

    static func unknownKeywordNote(_ statement: SSHConfigStatement) -> SSHConfigNote {
        SSHConfigNote(
            location: statement.location, keyword: statement.keyword,
            message: "unknown keyword: OpenSSH refuses the configuration unless an earlier IgnoreUnknown names it",
            refusedByOpenSSH: true)
    }
}
