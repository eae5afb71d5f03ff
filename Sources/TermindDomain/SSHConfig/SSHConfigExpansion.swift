/// The `~`, `%token` and `${VAR}` expansions ssh applies to ssh_config values (misc.c
/// `tilde_expand`, `percent_expand`, `percent_dollar_expand`). Unknown tokens, a lone trailing
/// `%` and unset variables are errors, as in OpenSSH (which then refuses to run).
enum SSHConfigExpansion {
    /// `HostName` accepts only `%h` (the name given on the command line) and `%%`.
    static func hostName(_ value: String, originalHost: String) -> Result<String, SSHConfigProblem> {
        expand(value, tokens: ["h": originalHost], environment: nil)
    }

    /// `~` (alone or before `/`) and `~user` of the local user become `home`; other users'
    /// homes are unknown here. As tilde_expand: `~` and `~/` give `home/`, `~//x` gives `home/x`.
    static func tilde(_ value: String, home: String, localUser: String) -> Result<String, SSHConfigProblem> {
        guard value.hasPrefix("~") else { return .success(value) }
        var rest = value.dropFirst()
        var path: Substring? = nil
        if rest.hasPrefix("/") || rest.isEmpty {
            rest = rest.drop { $0 == "/" }
            path = rest.isEmpty ? nil : rest
        } else {
            let user: Substring
            if let slash = rest.firstIndex(of: "/") {
                user = rest[..<slash]
                let after = rest[rest.index(after: slash)...].drop { $0 == "/" }
                path = after.isEmpty ? nil : after
            } else {
                user = rest
            }
            guard user == localUser else {
                return .failure(SSHConfigProblem("~\(user): the home directory of another user is not looked up"))
            }
        }
        let slash = home.isEmpty || !home.hasSuffix("/")
        return .success(home + (slash ? "/" : "") + (path.map(String.init) ?? ""))
    }

    /// `percent_dollar_expand`: `${VAR}` from `environment` (when given), then `%x` from
    /// `tokens` and `%%` (unless `percent` is false: misc.c `dollar_expand` leaves `%` alone).
    static func expand(_ value: String, tokens: [Character: String], environment: [String: String]?, percent: Bool = true)
        -> Result<String, SSHConfigProblem>
    {
        var output = ""
        var index = value.startIndex
        while index < value.endIndex {
            let character = value[index]
            if let environment, character == "$", value[value.index(after: index)...].hasPrefix("{") {
                let nameStart = value.index(index, offsetBy: 2)
                guard let close = value[nameStart...].firstIndex(of: "}") else {
                    return .failure(SSHConfigProblem("environment variable '\(value[nameStart...])' missing closing '}'"))
                }
                let name = String(value[nameStart..<close])
                guard !name.isEmpty else { return .failure(SSHConfigProblem("zero-length environment variable")) }
                guard let replacement = environment[name] else {
                    return .failure(SSHConfigProblem("environment variable ${\(name)} has no value"))
                }
                output += replacement
                index = value.index(after: close)
                continue
            }
            guard character == "%", percent else {
                output.append(character)
                index = value.index(after: index)
                continue
            }
            let tokenIndex = value.index(after: index)
            guard tokenIndex < value.endIndex else { return .failure(SSHConfigProblem("'%' at the end of the value")) }
            let token = value[tokenIndex]
            if token == "%" {
                output.append("%")
            } else if let replacement = tokens[token] {
                output += replacement
            } else {
                return .failure(SSHConfigProblem("unknown token %\(token)"))
            }
            index = value.index(after: tokenIndex)
        }
        return .success(output)
    }
}
