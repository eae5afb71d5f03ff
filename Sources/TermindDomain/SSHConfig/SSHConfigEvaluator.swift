import TermindCrypto

/// Resolves one name against a loaded configuration the way `ssh -G NAME` does (ssh.c `main`
/// and readconf.c): a first pass over every line with the name as given; then the host name
/// (`HostName` with `%h`, lowercased unless an address); then, when a `Match final` was seen or
/// `CanonicalizeHostname` is on, a final pass in which `Host` lines and `Match host` see that
/// host name and `Match canonical`/`final` hold. Nothing is executed and no DNS is asked.
struct SSHConfigEvaluator {
    let root: SSHConfigFile
    let home: String
    let localUser: String
    let localHostname: String
    let localUserID: Int?
    let environment: [String: String]

    func resolve(_ name: String, location: SSHConfigLocation) -> (SSHConfigHost, [SSHConfigNote]) {
        var pass = Pass(name: name, localUser: localUser)
        var active = true
        pass.walk(root, active: &active, neverMatch: false)

        var host = name
        if let hostName = pass.options.hostName {
            switch SSHConfigExpansion.hostName(hostName, originalHost: name) {
            case .success(let expanded): host = expanded
            case .failure(let problem):
                pass.note(
                    at: pass.options.hostNameLocation, "HostName",
                    "\(problem.message) (HostName accepts only %h and %%): OpenSSH stops on it", refused: true)
                host = hostName
            }
        }
        host = SSHConfigAddress.finalHost(host)
        if let canonicalize = pass.options.canonicalizeHostname, canonicalize.level != 0 {
            pass.note(
                at: canonicalize.location, "CanonicalizeHostname",
                "host names are not canonicalised here (no DNS lookups); the configuration is read again for the final pass as OpenSSH does")
            pass.wantsFinalPass = true
        }
        if pass.wantsFinalPass {
            pass.options.hostName = host
            pass.finalHost = host
            active = true
            pass.walk(root, active: &active, neverMatch: false)
        }

        let port = pass.options.port ?? 22
        let remoteUser = pass.options.user ?? localUser
        let tokens = self.tokens(name: name, host: host, port: port, remoteUser: remoteUser, hostKeyAlias: pass.options.hostKeyAlias)
        let identityFiles = pass.options.identityFiles.map { file in
            expandIdentityFile(file.value, at: file.location, tokens: tokens, pass: &pass)
        }
        checkExpandedAtStart(tokens: tokens, pass: &pass)
        var proxyJump: [String] = [], hops: [SSHConfigJumpHop] = []
        if case .hops(let written, let parsed) = pass.options.proxyJump, let last = parsed.last {
            // As `ssh -G` prints it: the hops before the last as written, the last as ssh parsed it
            // (`ssh://u@h:22` is `u@h:22`), since only the last is parsed until ssh runs the next.
            proxyJump = written.dropLast() + [last.description]
            hops = parsed
            if last.host == host, (last.port ?? 22) == port, (last.user ?? remoteUser) == remoteUser {
                pass.note(
                    at: pass.options.proxyJumpLocation, "ProxyJump",
                    "the last hop \(last) is \(name) itself: OpenSSH stops with \"jumphost loop\"", refused: true)
            }
        }
        var resolved = SSHConfigHost(
            alias: name, hostname: host, port: port, user: pass.options.user, identityFiles: identityFiles,
            proxyJump: proxyJump, proxyJumpHops: hops, location: location)
        resolved.forwards = pass.options.forwards
        resolved.serverAliveInterval = pass.options.serverAliveInterval
        resolved.serverAliveCountMax = pass.options.serverAliveCountMax
        return (resolved, pass.notes)
    }

    /// ssh's `DEFAULT_CLIENT_PERCENT_EXPAND_ARGS` for one resolved name.
    private func tokens(name: String, host: String, port: Int, remoteUser: String, hostKeyAlias: String?) -> [Character: String] {
        let shortHost = String(localHostname.prefix { $0 != "." })
        let hash = SHA1.hash(Array((localHostname + host + String(port) + remoteUser).utf8))
        var tokens: [Character: String] = [
            "C": hash.hexString,
            "L": shortHost, "k": hostKeyAlias.map(SSHConfigPattern.lowercasedASCII) ?? name, "l": localHostname,
            "n": name, "p": String(port), "d": home, "h": host, "r": remoteUser, "u": localUser,
        ]
        if let localUserID { tokens["i"] = String(localUserID) }
        return tokens
    }

    /// ssh expands these before `ssh -G` prints and stops when one fails (an unknown `%` token, an
    /// unset `${VAR}`); `none` is cleared first. The name is then refused, as ssh refuses it.
    private func checkExpandedAtStart(tokens: [Character: String], pass: inout Pass) {
        for entry in pass.options.expandedAtStart {
            if entry.setting != nil, entry.values.count == 1, SSHConfigPattern.lowercasedASCII(entry.values[0]) == "none" { continue }
            for value in entry.values {
                // A `~user` ssh could look up is not an error here: only the tokens are checked.
                let tilde = (try? SSHConfigExpansion.tilde(value, home: home, localUser: localUser).get()) ?? value
                if case .failure(let problem) = SSHConfigExpansion.expand(
                    tilde, tokens: tokens, environment: entry.environment ? environment : nil)
                {
                    // Without the local user id, %i is unknown here, not to ssh.
                    let unknownHere = localUserID == nil && problem.message == "unknown token %i"
                    pass.note(
                        at: entry.location, entry.keyword, "\(problem.message) in \"\(value)\": OpenSSH stops on it",
                        refused: !unknownHere)
                }
            }
        }
    }

    /// `~` then `${VAR}` and `%` tokens, as ssh does when it loads the identities (ssh.c
    /// `load_public_identity_files`). A value that cannot be expanded is kept as written.
    private func expandIdentityFile(
        _ value: String, at location: SSHConfigLocation, tokens: [Character: String], pass: inout Pass
    ) -> String {
        let expanded = SSHConfigExpansion.tilde(value, home: home, localUser: localUser).flatMap {
            SSHConfigExpansion.expand($0, tokens: tokens, environment: environment)
        }
        switch expanded {
        case .success(let path): return path
        case .failure(let problem):
            let message =
                localUserID == nil && problem.message == "unknown token %i"
                ? "%i (the local user id) is not known here" : problem.message
            pass.note(at: location, "IdentityFile", "\(message); kept as written")
            return value
        }
    }

    /// One walk over the configuration, with the state readconf.c keeps across lines.
    struct Pass {
        let name: String
        let localUser: String
        var options = SSHConfigOptions()
        var notes: [SSHConfigNote] = []
        var wantsFinalPass = false
        /// Set for the final pass: the host name `Host` lines and `Match host` then see.
        var finalHost: String?

        init(name: String, localUser: String) {
            self.name = name
            self.localUser = localUser
        }

        mutating func note(at location: SSHConfigLocation?, _ keyword: String, _ message: String, refused: Bool = false) {
            guard let location else { return }
            notes.append(SSHConfigNote(location: location, keyword: keyword, message: message, refusedByOpenSSH: refused))
        }

        /// What `Match host` compares on the first pass: `HostName` with `%h` expanded, else
        /// the name.
        private var matchHost: String {
            if let finalHost { return finalHost }
            guard let hostName = options.hostName else { return name }
            return (try? SSHConfigExpansion.hostName(hostName, originalHost: name).get()) ?? hostName
        }

        mutating func walk(_ file: SSHConfigFile, active: inout Bool, neverMatch: Bool) {
            var index = 0
            while index < file.statements.count {
                let statement = file.statements[index]
                index += 1
                switch statement.directive {
                case .host(let patterns):
                    active = false
                    if neverMatch { continue }
                    let subject = finalHost ?? name
                    // Plain blocks that do not list the subject change nothing: jump over them.
                    if let next = file.hostIndex.next(from: index - 1, for: subject), next != index - 1 {
                        index = next
                        continue
                    }
                    for pattern in patterns {
                        let negated = pattern.hasPrefix("!")
                        let body = negated ? String(pattern.dropFirst()) : pattern
                        guard SSHConfigPattern.matches(subject, pattern: body) else { continue }
                        if negated {
                            active = false
                            break
                        }
                        active = true
                    }
                case .match(let condition):
                    let subject = SSHConfigMatchCondition.Subject(
                        host: matchHost, originalHost: name, remoteUser: options.user ?? localUser, localUser: localUser,
                        finalPass: finalHost != nil)
                    let matched = condition.evaluate(subject, wantsFinalPass: &wantsFinalPass)
                    active = neverMatch ? false : matched
                case .blockThatNeverMatches:
                    active = false
                case .include:
                    let outer = active
                    for included in statement.included {
                        walk(included, active: &active, neverMatch: neverMatch || !outer)
                        active = outer
                    }
                case .unknown(let keyword):
                    if let ignored = options.ignoreUnknown,
                        SSHConfigPattern.matchList(keyword, list: ignored, lowercase: true) == 1
                    {
                        continue
                    }
                    notes.append(SSHConfigReader.unknownKeywordNote(statement))
                default:
                    if active { apply(statement) }
                }
            }
        }

        /// A value line in an active block: the first value obtained wins.
        private mutating func apply(_ statement: SSHConfigStatement) {
            switch statement.directive {
            case .hostName(let value) where options.hostName == nil:
                options.hostName = value
                options.hostNameLocation = statement.location
            case .port(let value) where options.port == nil: options.port = value
            case .user(let value) where options.user == nil: options.user = value
            case .hostKeyAlias(let value) where options.hostKeyAlias == nil: options.hostKeyAlias = value
            case .serverAliveInterval(let value) where options.serverAliveInterval == nil: options.serverAliveInterval = value
            case .serverAliveCountMax(let value) where options.serverAliveCountMax == nil: options.serverAliveCountMax = value
            case .ignoreUnknown(let value) where options.ignoreUnknown == nil: options.ignoreUnknown = value
            case .canonicalizeHostname(let level) where options.canonicalizeHostname == nil:
                options.canonicalizeHostname = (level, statement.location)
            case .identityFile(let value):
                // readconf.c checks the count before it drops a repeat: a repeat past 100 is refused too.
                guard options.identityFiles.count < SSHConfigOptions.maximumIdentityFiles else {
                    note(
                        at: statement.location, statement.keyword,
                        "too many identity files (OpenSSH allows \(SSHConfigOptions.maximumIdentityFiles))", refused: true)
                    return
                }
                guard !options.identityFiles.contains(where: { $0.value == value }) else { return }
                options.identityFiles.append((value, statement.location))
            case .proxyJump(let jump) where options.proxyJump == nil && options.proxyCommand == nil:
                options.proxyJump = jump
                options.proxyJumpLocation = statement.location
            case .proxyCommand(let command) where options.proxyJump == nil && options.proxyCommand == nil:
                options.proxyCommand = command
            case .forward(let rule):
                if !options.forwards.contains(rule) { options.forwards.append(rule) }
            case .expandedAtStart(let setting, let values, let environment):
                if let setting, options.expandedAtStart.contains(where: { $0.setting == setting }) { return }
                options.expandedAtStart.append((setting, values, environment, statement.keyword, statement.location))
            default:
                break
            }
        }
    }
}
