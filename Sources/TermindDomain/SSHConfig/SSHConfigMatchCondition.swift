/// The criteria of a `Match` line (readconf.c `match_cfg_line`), all of which must hold.
///
/// `exec` is never run: a line with an `exec` criterion is treated as not matching, whatever
/// its `!` and the other criteria say (OpenSSH would run the command through the shell).
/// `canonical` and `final` hold only on the final pass, which OpenSSH makes (and so does this
/// reader) when a `Match final` was seen or `CanonicalizeHostname` is on; no DNS lookup is done.
struct SSHConfigMatchCondition: Sendable, Equatable {
    enum Attribute: Sendable, Equatable {
        case all, canonical, final
        case host(String), originalHost(String), user(String), localUser(String), exec(String)
    }

    struct Criterion: Sendable, Equatable {
        var negated: Bool
        var attribute: Attribute
    }

    var criteria: [Criterion]

    var hasExec: Bool {
        criteria.contains { if case .exec = $0.attribute { true } else { false } }
    }

    /// The entries of the `originalhost` criteria that are not negated: names the block is
    /// written for (`Match originalhost web,db`), which ssh resolves like `Host` aliases.
    var originalHostNames: [String] {
        criteria.flatMap { criterion -> [String] in
            guard !criterion.negated, case .originalHost(let list) = criterion.attribute else { return [] }
            return list.split(separator: ",").map(String.init)
        }
    }

    /// What the criteria are compared with.
    struct Subject {
        /// The host being matched: `HostName` with `%h` expanded on the first pass, the final
        /// host name on the final pass.
        var host: String
        var originalHost: String
        /// The `User` obtained so far, else the local user.
        var remoteUser: String
        var localUser: String
        var finalPass: Bool
    }

    /// Parses the rest of the line as OpenSSH splits it (`strdelim`: blanks, `=`, `"quotes"`).
    static func parse(_ rest: [UInt8]) -> Result<SSHConfigMatchCondition, SSHConfigProblem> {
        var cursor: Int? = 0
        var criteria: [Criterion] = []
        var attributes = 0
        while let word = SSHConfigLexer.nextWord(rest, &cursor), !word.isEmpty {
            if word.first == SSHConfigLexer.hash { break }
            var name = SSHConfigLexer.string(word)
            let negated = name.hasPrefix("!")
            if negated { name.removeFirst() }
            let lowered = SSHConfigPattern.lowercasedASCII(name)
            if lowered == "all" {
                if attributes > 1 {
                    return .failure(SSHConfigProblem("'\(SSHConfigLexer.string(word))' cannot be combined with other Match attributes"))
                }
                if let next = SSHConfigLexer.nextWord(rest, &cursor), !next.isEmpty, next.first != SSHConfigLexer.hash {
                    return .failure(SSHConfigProblem("'\(SSHConfigLexer.string(word))' cannot be combined with other Match attributes"))
                }
                criteria.append(Criterion(negated: negated, attribute: .all))
                return .success(SSHConfigMatchCondition(criteria: criteria))
            }
            attributes += 1
            if lowered == "canonical" || lowered == "final" {
                criteria.append(Criterion(negated: negated, attribute: lowered == "final" ? .final : .canonical))
                continue
            }
            guard let argumentBytes = SSHConfigLexer.nextWord(rest, &cursor), !argumentBytes.isEmpty,
                argumentBytes.first != SSHConfigLexer.hash
            else { return .failure(SSHConfigProblem("missing Match criteria for \(name)")) }
            let argument = SSHConfigLexer.string(argumentBytes)
            let attribute: Attribute
            switch lowered {
            case "host": attribute = .host(argument)
            case "originalhost": attribute = .originalHost(argument)
            case "user": attribute = .user(argument)
            case "localuser": attribute = .localUser(argument)
            case "exec": attribute = .exec(argument)
            default: return .failure(SSHConfigProblem("unsupported Match attribute \(name)"))
            }
            criteria.append(Criterion(negated: negated, attribute: attribute))
        }
        if attributes == 0 { return .failure(SSHConfigProblem("one or more attributes required for Match")) }
        return .success(SSHConfigMatchCondition(criteria: criteria))
    }

    /// Whether the block applies; `wantsFinalPass` is set when a `final` criterion is evaluated.
    func evaluate(_ subject: Subject, wantsFinalPass: inout Bool) -> Bool {
        var result = true
        for criterion in criteria {
            let matched: Bool
            switch criterion.attribute {
            case .all:
                if result { result = !criterion.negated }
                return result
            case .canonical:
                matched = subject.finalPass
            case .final:
                wantsFinalPass = true
                matched = subject.finalPass
            case .host(let list):
                matched = SSHConfigPattern.matchesHostList(subject.host, list: list)
            case .originalHost(let list):
                matched = SSHConfigPattern.matchesHostList(subject.originalHost, list: list)
            case .user(let list):
                matched = SSHConfigPattern.matchList(subject.remoteUser, list: list, lowercase: false) == 1
            case .localUser(let list):
                matched = SSHConfigPattern.matchList(subject.localUser, list: list, lowercase: false) == 1
            case .exec:
                result = false  // never run: the line does not match
                continue
            }
            if matched == criterion.negated { result = false }
        }
        return result
    }
}
