/// One meaningful line of an ssh_config file: where it is, its keyword, what it means, and for an
/// `Include` the files it reached (in glob order).
struct SSHConfigStatement: Sendable {
    let location: SSHConfigLocation
    /// Canonical spelling for known keywords (`HostName`), as written otherwise.
    let keyword: String
    let directive: SSHConfigDirective
    var included: [SSHConfigFile] = []

    /// A parsed line, or nil for a blank or comment line, and the problems it has.
    /// `environment` is ssh's, which it consults for a few keywords while it reads.
    static func parse(_ line: [UInt8], at location: SSHConfigLocation, environment: [String: String] = [:])
        -> (SSHConfigStatement?, [SSHConfigNote])
    {
        var cursor: Int? = 0
        var word = SSHConfigLexer.nextWord(line, &cursor)
        if word?.isEmpty == true { word = SSHConfigLexer.nextWord(line, &cursor) }
        guard let keywordBytes = word, let first = keywordBytes.first, first != SSHConfigLexer.hash else { return (nil, []) }
        let written = SSHConfigLexer.string(keywordBytes)
        let lowered = SSHConfigPattern.lowercasedASCII(written)
        let known = SSHConfigKeyword.named(lowered)
        let keyword = known?.name ?? written
        var notes: [SSHConfigNote] = []
        /// A problem is a line OpenSSH refuses (and with it the whole file) unless `refused` says otherwise.
        func statement(_ directive: SSHConfigDirective, _ problem: String? = nil, refused: Bool = true)
            -> (SSHConfigStatement?, [SSHConfigNote])
        {
            if let problem {
                notes.append(SSHConfigNote(location: location, keyword: keyword, message: problem, refusedByOpenSSH: refused))
            }
            return (SSHConfigStatement(location: location, keyword: keyword, directive: directive), notes)
        }
        let opensBlock = lowered == "host" || lowered == "match"
        let unreadable: SSHConfigDirective = opensBlock ? .blockThatNeverMatches : .invalid

        var start = cursor ?? line.count
        while start < line.count, SSHConfigLexer.isWhitespace(line[start]) { start += 1 }
        guard start < line.count else { return statement(unreadable, "no argument after the keyword") }
        let rest = Array(line[start...])
        guard let arguments = SSHConfigLexer.arguments(rest[...]) else {
            return statement(unreadable, "unterminated quote")
        }
        guard let known else { return statement(.unknown(lowered)) }
        /// The rest of the line as one string, for the keywords OpenSSH reads that way.
        let raw = SSHConfigLexer.string(rest.drop { SSHConfigLexer.isWhitespace($0) || $0 == SSHConfigLexer.equals })

        /// Keywords that take exactly one non-empty word.
        func single() -> Result<String, SSHConfigProblem> {
            guard let value = arguments.first, !value.isEmpty else { return .failure(SSHConfigProblem("missing argument")) }
            guard arguments.count == 1 else {
                return .failure(SSHConfigProblem("extra arguments at end of line (quote a value that has spaces)"))
            }
            return .success(value)
        }
        func value(_ make: (String) -> SSHConfigDirective) -> (SSHConfigStatement?, [SSHConfigNote]) {
            switch single() {
            case .success(let value): statement(make(value))
            case .failure(let problem): statement(.invalid, problem.message)
            }
        }

        switch lowered {
        case "host":
            let patterns = Array(arguments.prefix { !$0.isEmpty })
            return statement(.host(patterns), patterns.count < arguments.count ? "empty pattern" : nil)
        case "match":
            switch SSHConfigMatchCondition.parse(rest) {
            case .success(let condition):
                if condition.hasExec {
                    notes.append(SSHConfigNote(
                        location: location, keyword: keyword,
                        message: "Match exec is not imported and never run; this Match block is treated as not matching"))
                }
                return statement(.match(condition))
            case .failure(let problem):
                return statement(.blockThatNeverMatches, "bad Match condition: \(problem.message)")
            }
        case "include":
            let patterns = Array(arguments.prefix { !$0.isEmpty })
            return statement(.include(patterns), patterns.count < arguments.count ? "empty argument" : nil)
        case "hostname": return value { .hostName($0) }
        case "user": return value { .user($0) }
        case "hostkeyalias": return value { .hostKeyAlias($0) }
        case "ignoreunknown": return value { .ignoreUnknown($0) }
        case "identityfile", "identityfile2": return value { .identityFile($0) }
        case "port":
            switch single() {
            case .success(let text):
                guard let port = SSHConfigProxyJump.portNumber(text) else {
                    return statement(.invalid, "bad port \"\(text)\" (a number from 1 to 65535)")
                }
                return statement(.port(port))
            case .failure(let problem): return statement(.invalid, problem.message)
            }
        case "canonicalizehostname":
            switch single() {
            case .success(let text):
                let levels = ["no": 0, "false": 0, "yes": 1, "true": 1, "always": 2]
                guard let level = levels[SSHConfigPattern.lowercasedASCII(text)] else {
                    return statement(.invalid, "unsupported option \"\(text)\"")
                }
                return statement(.canonicalizeHostname(level))
            case .failure(let problem): return statement(.invalid, problem.message)
            }
        case "proxyjump":
            switch SSHConfigProxyJump.parse(raw) {
            case .success(let jump): return statement(.proxyJump(jump))
            case .failure(let problem): return statement(.invalid, problem.message)
            }
        case "proxycommand":
            return statement(.proxyCommand(raw), isNone(raw) ? nil : notImported(keyword), refused: false)
        case "remotecommand":
            return statement(
                .expandedAtStart(setting: lowered, values: [raw], environment: false), isNone(raw) ? nil : notImported(keyword),
                refused: false)
        case "localcommand", "knownhostscommand":
            return statement(.other, isNone(raw) ? nil : notImported(keyword), refused: false)
        default:
            switch known.status {
            case .supported:
                if let problem = SSHConfigArgumentRule.byKeyword[lowered]?.problem(arguments, environment: environment) {
                    return statement(.other, problem.message)
                }
                if let rule = forwardRule(lowered, arguments) { return statement(.forward(rule)) }
                if let keepalive = serverAlive(lowered, arguments) { return statement(keepalive) }
                return statement(expandedAtStart(lowered, arguments) ?? .other)
            case .deprecated: return statement(.other)
            case .unsupported: return statement(.other, "unsupported by OpenSSH; ignored", refused: false)
            }
        }
    }

    /// The values of the keywords ssh expands before `ssh -G` prints (ssh.c `main`), already checked.
    private static func expandedAtStart(_ keyword: String, _ arguments: [String]) -> SSHConfigDirective? {
        switch keyword {
        case "controlpath", "identityagent":
            return .expandedAtStart(setting: keyword, values: [arguments[0]], environment: true)
        case "userknownhostsfile":
            return .expandedAtStart(setting: keyword, values: arguments, environment: true)
        case "forwardagent":
            // yes/no set the flag only; a path is the socket, which is set on its own (first wins).
            if ["yes", "no", "true", "false"].contains(SSHConfigPattern.lowercasedASCII(arguments[0])) { return nil }
            return .expandedAtStart(setting: "forwardagent socket", values: [arguments[0]], environment: true)
        case "localforward", "remoteforward":
            let spec = arguments.count > 1 ? arguments[0] + ":" + arguments[1] : arguments[0]
            let paths = SSHConfigForwardSpec.socketPaths(spec)
            return paths.isEmpty ? nil : .expandedAtStart(setting: nil, values: paths, environment: false)
        default:
            return nil
        }
    }

    /// A TCP forwarding as Termind keeps it on a Host; nil for a Unix socket's (or anything
    /// else), which stays as ssh reads it.
    private static func forwardRule(_ keyword: String, _ arguments: [String]) -> ForwardRule? {
        let kind: ForwardRule.Kind
        switch keyword {
        case "localforward": kind = .local
        case "remoteforward": kind = .remote
        case "dynamicforward": kind = .dynamic
        default: return nil
        }
        let spec = arguments.count > 1 ? arguments[0] + ":" + arguments[1] : arguments[0]
        guard !spec.contains("/") else { return nil }
        // ssh's "RemoteForward [bind:]port" alone is a remote SOCKS proxy, which Termind has not.
        return try? ForwardRule(kind, parsing: spec)
    }

    /// `ServerAliveInterval` and `ServerAliveCountMax`, already checked by their argument rule.
    private static func serverAlive(_ keyword: String, _ arguments: [String]) -> SSHConfigDirective? {
        switch keyword {
        case "serveraliveinterval":
            if isNone(arguments[0]) { return .serverAliveInterval(0) }
            return SSHConfigArgumentRule.seconds(arguments[0]).map { .serverAliveInterval(Int(clamping: $0)) }
        case "serveralivecountmax":
            return SSHConfigArgumentRule.strtonum(arguments[0]).map { .serverAliveCountMax(Int(clamping: $0)) }
        default:
            return nil
        }
    }

    private static func isNone(_ value: String) -> Bool { SSHConfigPattern.lowercasedASCII(value) == "none" }

    private static func notImported(_ keyword: String) -> String {
        "\(keyword) is not imported; Termind never runs commands from ssh_config"
    }
}
