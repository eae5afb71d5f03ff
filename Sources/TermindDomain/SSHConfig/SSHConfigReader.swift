/// Reads an OpenSSH client configuration (ssh_config(5)) as OpenSSH 9.2 reads it, for "Import
/// from ~/.ssh": every concrete `Host` alias resolved as `ssh -G ALIAS -F FILE` would resolve it,
/// and a note for every line that is not imported or cannot be read. Pure: files and globs come
/// through the closures, and nothing in the configuration is ever executed (`ProxyCommand`,
/// `LocalCommand`, `RemoteCommand`, `KnownHostsCommand` and `Match exec` are notes).
///
/// What OpenSSH refuses outright (an unknown keyword, a bad port, an unterminated quote, an
/// Include loop) is a note here and that one line is skipped, so the rest still imports.
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
        guard let root = loader.load(path) else { return SSHConfigResolution(hosts: [], notes: loader.log.notes) }
        var log = loader.log
        log.add(contentsOf: Self.unknownKeywordNotes(root))
        let evaluator = evaluator(root)
        var hosts: [SSHConfigHost] = []
        for (alias, location) in Self.concreteAliases(root) {
            let (host, notes) = evaluator.resolve(alias, location: location)
            hosts.append(host)
            log.add(contentsOf: notes)
        }
        return SSHConfigResolution(hosts: hosts, notes: log.notes)
    }

    /// Resolves one name as `ssh -G NAME -F path` would (for tests and for the import of a hop).
    /// `name` is a bare host name (no `user@`). The location is the `Host` line that names it,
    /// or `path` with line 0 when no `Host` line does.
    public func resolve(_ name: String, in path: String) -> SSHConfigHost {
        var loader = SSHConfigLoader(
            readFile: readFile, expandGlob: expandGlob, includeHome: includeHome, localUser: localUser, log: SSHConfigNoteLog())
        let root = loader.load(path) ?? SSHConfigFile(path: path, statements: [])
        let location = Self.concreteAliases(root).first { $0.alias == name }?.location ?? SSHConfigLocation(file: path, line: 0)
        return evaluator(root).resolve(name, location: location).0
    }

    private func evaluator(_ root: SSHConfigFile) -> SSHConfigEvaluator {
        SSHConfigEvaluator(
            root: root, home: home, localUser: localUser, localHostname: localHostname, localUserID: localUserID,
            environment: environment)
    }

    /// `Host` patterns without wildcards or negation, each once, at its first `Host` line.
    static func concreteAliases(_ root: SSHConfigFile) -> [(alias: String, location: SSHConfigLocation)] {
        var seen: Set<String> = []
        var aliases: [(alias: String, location: SSHConfigLocation)] = []
        root.forEachStatement { statement in
            guard case .host(let patterns) = statement.directive else { return }
            for pattern in patterns where SSHConfigPattern.isConcrete(pattern) && seen.insert(pattern).inserted {
                aliases.append((pattern, statement.location))
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
            message: "unknown keyword; ignored (OpenSSH refuses the file unless an earlier IgnoreUnknown names it)")
    }
}
