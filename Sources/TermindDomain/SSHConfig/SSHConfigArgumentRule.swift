/// What readconf.c accepts after the keywords whose values the import does not keep: OpenSSH
/// checks them on every line, in blocks that apply or not, and refuses the whole configuration
/// over one bad value (`ForwardAgent maybe`, `ServerAliveInterval 30 40`), so the reader must too.
/// Keywords not listed here take any arguments, as far as the reader checks.
enum SSHConfigArgumentRule {
    /// One of the words (compared without case), then nothing.
    case oneOf([String])
    /// readconf.c `parse_time`: `none` or a `convtime` interval, then nothing.
    case time
    /// readconf.c `parse_int`: 0 to INT_MAX as strtonum(3) reads it, then nothing.
    case integer
    /// readconf.c `parse_string`: one non-empty word, then nothing.
    case word
    /// `LocalForward`, `RemoteForward`, `DynamicForward` as readconf.c `parse_forward` reads them.
    case forward(local: Bool, remote: Bool)
    /// readconf.c `parse_agent_path` (`IdentityAgent`, and `ForwardAgent` when `flag` and not
    /// yes/no): `${VAR}` must expand in ssh's environment when it reads the line, and `$VAR` must
    /// be a valid environment name.
    case agent(flag: Bool)
    /// readconf.c `parse_char_array`: non-empty words, `none` only alone.
    case files
    /// `Ciphers`, `MACs`, `KexAlgorithms`: a comma list of the names OpenSSH 9.2 on Debian knows
    /// (`ssh -Q`), not empty, checked up to its first empty entry, unless it starts with `-`; `+`
    /// or `^` first is allowed.
    case algorithms([String])
    /// `EscapeChar`: `none`, one character, or `^` and a character from `@` to DEL.
    case escapeCharacter
    /// `AddKeysToAgent`: yes/no/ask/confirm (`confirm` may take a time), or a time alone.
    case addKeysToAgent
    /// `ControlPersist`: yes/no/true/false (as written) or a time.
    case controlPersist
    /// `IPQoS`: one or two of misc.c's names or numbers 0 to 255.
    case ipQoS
    /// `SendEnv`: names without `=`; `SetEnv`: `NAME=value` words.
    case sendEnvironment, setEnvironment

    private static let flag = ["true", "false", "yes", "no"]

    private static let ciphers = [
        "3des-cbc", "aes128-cbc", "aes192-cbc", "aes256-cbc", "aes128-ctr", "aes192-ctr", "aes256-ctr",
        "aes128-gcm@openssh.com", "aes256-gcm@openssh.com", "chacha20-poly1305@openssh.com",
    ]
    private static let macs = [
        "hmac-sha1", "hmac-sha1-96", "hmac-sha2-256", "hmac-sha2-512", "hmac-md5", "hmac-md5-96", "umac-64@openssh.com",
        "umac-128@openssh.com", "hmac-sha1-etm@openssh.com", "hmac-sha1-96-etm@openssh.com", "hmac-sha2-256-etm@openssh.com",
        "hmac-sha2-512-etm@openssh.com", "hmac-md5-etm@openssh.com", "hmac-md5-96-etm@openssh.com", "umac-64-etm@openssh.com",
        "umac-128-etm@openssh.com",
    ]
    private static let kex = [
        "diffie-hellman-group1-sha1", "diffie-hellman-group14-sha1", "diffie-hellman-group14-sha256",
        "diffie-hellman-group16-sha512", "diffie-hellman-group18-sha512", "diffie-hellman-group-exchange-sha1",
        "diffie-hellman-group-exchange-sha256", "ecdh-sha2-nistp256", "ecdh-sha2-nistp384", "ecdh-sha2-nistp521",
        "curve25519-sha256", "curve25519-sha256@libssh.org", "sntrup761x25519-sha512", "sntrup761x25519-sha512@openssh.com",
    ]
    private static let qualities =
        ["none", "ef", "le", "lowdelay", "throughput", "reliability"] + (0...7).map { "cs\($0)" }
        + [11, 12, 13, 21, 22, 23, 31, 32, 33, 41, 42, 43].map { "af\($0)" }

    /// Lowercased keyword → rule, for readconf.c 9.2's keywords that check their values.
    static let byKeyword: [String: SSHConfigArgumentRule] = {
        var rules: [String: SSHConfigArgumentRule] = [:]
        for name in [
            "forwardx11", "forwardx11trusted", "gatewayports", "exitonforwardfailure", "passwordauthentication",
            "kbdinteractiveauthentication", "challengeresponseauthentication", "hostbasedauthentication",
            "gssapiauthentication", "gssapidelegatecredentials", "batchmode", "checkhostip", "tcpkeepalive", "keepalive",
            "nohostauthenticationforlocalhost", "clearallforwardings", "enablesshkeysign", "identitiesonly",
            "hashknownhosts", "permitlocalcommand", "visualhostkey", "stdinnull", "forkafterauthentication",
            "proxyusefdpass", "canonicalizefallbacklocal", "streamlocalbindunlink", "enableescapecommandline",
        ] { rules[name] = .oneOf(flag) }
        rules["pubkeyauthentication"] = .oneOf(flag + ["unbound", "host-bound"])
        rules["verifyhostkeydns"] = .oneOf(flag + ["ask"])
        rules["updatehostkeys"] = .oneOf(flag + ["ask"])
        rules["stricthostkeychecking"] = .oneOf(flag + ["ask", "off", "accept-new"])
        rules["compression"] = .oneOf(["yes", "no"])
        rules["addressfamily"] = .oneOf(["inet", "inet6", "any"])
        rules["controlmaster"] = .oneOf(flag + ["auto", "ask", "autoask"])
        rules["tunnel"] = .oneOf(flag + ["ethernet", "point-to-point"])
        rules["requesttty"] = .oneOf(flag + ["force", "auto"])
        rules["sessiontype"] = .oneOf(["none", "subsystem", "default"])
        for name in ["connecttimeout", "forwardx11timeout", "serveraliveinterval"] { rules[name] = .time }
        for name in ["numberofpasswordprompts", "connectionattempts", "serveralivecountmax", "canonicalizemaxdots", "requiredrsasize"] {
            rules[name] = .integer
        }
        for name in [
            "kbdinteractivedevices", "xauthlocation", "preferredauthentications", "bindaddress", "bindinterface",
            "pkcs11provider", "securitykeyprovider", "controlpath", "revokedhostkeys", "certificatefile",
        ] { rules[name] = .word }
        rules["localforward"] = .forward(local: true, remote: false)
        rules["remoteforward"] = .forward(local: false, remote: true)
        rules["dynamicforward"] = .forward(local: false, remote: false)
        rules["forwardagent"] = .agent(flag: true)
        rules["identityagent"] = .agent(flag: false)
        rules["userknownhostsfile"] = .files
        rules["globalknownhostsfile"] = .files
        rules["ciphers"] = .algorithms(ciphers)
        rules["macs"] = .algorithms(macs)
        rules["kexalgorithms"] = .algorithms(kex)
        rules["loglevel"] = .oneOf(["quiet", "fatal", "error", "info", "verbose", "debug", "debug1", "debug2", "debug3"])
        rules["syslogfacility"] = .oneOf(["daemon", "user", "auth", "authpriv"] + (0...7).map { "local\($0)" })
        rules["escapechar"] = .escapeCharacter
        rules["addkeystoagent"] = .addKeysToAgent
        rules["controlpersist"] = .controlPersist
        rules["ipqos"] = .ipQoS
        rules["sendenv"] = .sendEnvironment
        rules["setenv"] = .setEnvironment
        return rules
    }()

    /// Why OpenSSH refuses these arguments, or nil when it accepts them. `environment` is ssh's,
    /// for the checks it makes while it reads.
    func problem(_ arguments: [String], environment: [String: String]) -> SSHConfigProblem? {
        let first = arguments.first ?? ""
        let extra = arguments.count > 1 ? SSHConfigProblem("extra arguments at end of line") : nil
        switch self {
        case .oneOf(let words):
            if first.isEmpty { return SSHConfigProblem("missing argument") }
            let lowered = SSHConfigPattern.lowercasedASCII(first)
            guard words.contains(lowered) else {
                return SSHConfigProblem("unsupported option \"\(first)\" (one of \(words.joined(separator: ", ")))")
            }
            return extra
        case .time:
            if first.isEmpty { return SSHConfigProblem("missing time value") }
            guard first == "none" || Self.seconds(first) != nil else {
                return SSHConfigProblem("invalid time value \"\(first)\" (seconds, or a number with s, m, h, d or w)")
            }
            return extra
        case .integer:
            guard !first.isEmpty else { return SSHConfigProblem("missing integer value") }
            guard let value = Self.strtonum(first), value >= 0, value <= Int64(Int32.max) else {
                return SSHConfigProblem("invalid integer value \"\(first)\"")
            }
            return extra
        case .word:
            return first.isEmpty ? SSHConfigProblem("missing argument") : extra
        case .agent(let flag):
            if first.isEmpty { return SSHConfigProblem("missing argument") }
            if flag, Self.flag.contains(SSHConfigPattern.lowercasedASCII(first)) { return extra }
            if case .failure(let problem) = SSHConfigExpansion.expand(first, tokens: [:], environment: environment, percent: false) {
                return SSHConfigProblem("invalid environment expansion in \(first): \(problem.message)")
            }
            let bytes = Array(first.utf8)
            if bytes.first == UInt8(ascii: "$"), bytes.count < 2 || bytes[1] != UInt8(ascii: "{"),
                !Self.isEnvironmentName(bytes.dropFirst())
            {
                return SSHConfigProblem("invalid environment name \(first)")
            }
            return extra
        case .files:
            if arguments.contains("") { return SSHConfigProblem("empty argument") }
            if arguments.count > 1, arguments.contains(where: { SSHConfigPattern.lowercasedASCII($0) == "none" }) {
                return SSHConfigProblem("\"none\" must appear alone")
            }
            return nil
        case .algorithms(let known):
            if first.isEmpty { return SSHConfigProblem("missing argument") }
            if !first.hasPrefix("-") {
                let list = first.hasPrefix("+") || first.hasPrefix("^") ? String(first.dropFirst()) : first
                let names = list.split(separator: ",", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
                if list.isEmpty || names.contains(where: { !known.contains(String($0)) }) {
                    return SSHConfigProblem("bad algorithm list \"\(first)\" (see ssh -Q for the names)")
                }
            }
            return extra
        case .escapeCharacter:
            if first.isEmpty { return SSHConfigProblem("missing argument") }
            let bytes = Array(first.utf8)
            let valid = first == "none" || bytes.count == 1
                || (bytes.count == 2 && bytes[0] == UInt8(ascii: "^") && (64..<128).contains(bytes[1]))
            return valid ? extra : SSHConfigProblem("bad escape character \"\(first)\"")
        case .addKeysToAgent:
            let lowered = SSHConfigPattern.lowercasedASCII(first)
            let known = (Self.flag + ["ask", "confirm"]).contains(lowered)
            if arguments.count > 2 { return SSHConfigProblem("extra arguments at end of line") }
            if lowered == "confirm", arguments.count == 2 {
                return Self.seconds(arguments[1]) == nil ? SSHConfigProblem("invalid time value \"\(arguments[1])\"") : nil
            }
            if !known, arguments.count == 1, Self.seconds(first) != nil { return nil }
            return known && arguments.count == 1 ? nil : SSHConfigProblem("unsupported option \"\(arguments.joined(separator: " "))\"")
        case .controlPersist:
            if first.isEmpty { return SSHConfigProblem("missing argument") }
            guard Self.flag.contains(first) || Self.seconds(first) != nil else {
                return SSHConfigProblem("bad ControlPersist \"\(first)\" (yes, no or a time)")
            }
            return extra
        case .ipQoS:
            if arguments.count > 2 { return SSHConfigProblem("extra arguments at end of line") }
            for value in arguments where !Self.isQuality(value) { return SSHConfigProblem("bad IPQoS value \"\(value)\"") }
            return nil
        case .sendEnvironment:
            if arguments.contains(where: { $0.isEmpty || $0.contains("=") }) { return SSHConfigProblem("invalid environment name") }
            return nil
        case .setEnvironment:
            if arguments.contains(where: { !$0.contains("=") }) { return SSHConfigProblem("invalid SetEnv (NAME=value)") }
            return nil
        case .forward(let local, let remote):
            if first.isEmpty { return SSHConfigProblem("missing argument") }
            var dynamic = !local && !remote
            var spec = first
            var used = 1
            if !dynamic {
                if arguments.count > 1, !arguments[1].isEmpty {
                    spec = first + ":" + arguments[1]
                    used = 2
                } else if remote {
                    dynamic = true
                } else {
                    return SSHConfigProblem("missing target argument")
                }
            }
            guard SSHConfigForwardSpec.isValid(spec, dynamic: dynamic, remote: remote) else {
                return SSHConfigProblem("bad forwarding specification")
            }
            return arguments.count > used ? SSHConfigProblem("extra arguments at end of line") : nil
        }
    }

    /// misc.c `parse_ipqos`: a name, or strtol(3) base 0 from 0 to 255.
    private static func isQuality(_ text: String) -> Bool {
        if qualities.contains(SSHConfigPattern.lowercasedASCII(text)) { return true }
        var rest = Substring(text).drop { " \t\n\r\u{0B}\u{0C}".contains($0) }
        var negative = false
        if let sign = rest.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            rest = rest.dropFirst()
        }
        let lowered = rest.lowercased()
        let value: Int?
        if lowered.hasPrefix("0x"), lowered.count > 2 {
            value = Int(lowered.dropFirst(2), radix: 16)
        } else if lowered.hasPrefix("0"), lowered.count > 1 {
            value = Int(lowered.dropFirst(), radix: 8)
        } else {
            value = lowered.isEmpty ? nil : Int(lowered, radix: 10)
        }
        guard let value, !text.isEmpty else { return false }
        return (0...255).contains(negative ? -value : value)
    }

    /// misc.c `convtime`: one or more `<number>[smhdw]`, no more than INT_MAX seconds in all.
    static func seconds(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return nil }
        var total: Int64 = 0
        var index = 0
        while index < bytes.count {
            // strtol: leading white space and a sign, then decimal digits.
            var cursor = index
            while cursor < bytes.count, [9, 10, 11, 12, 13, 32].contains(bytes[cursor]) { cursor += 1 }
            var negative = false
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "+") || bytes[cursor] == UInt8(ascii: "-") {
                negative = bytes[cursor] == UInt8(ascii: "-")
                cursor += 1
            }
            let digitsStart = cursor
            var value: Int64 = 0
            while cursor < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[cursor]) {
                value = min(value * 10 + Int64(bytes[cursor] - UInt8(ascii: "0")), Int64(Int32.max) + 1)
                cursor += 1
            }
            guard cursor > digitsStart, !negative || value == 0 else { return nil }
            var multiplier: Int64 = 1
            if cursor < bytes.count {
                switch bytes[cursor] | 0x20 {
                case UInt8(ascii: "s"): multiplier = 1
                case UInt8(ascii: "m"): multiplier = 60
                case UInt8(ascii: "h"): multiplier = 3600
                case UInt8(ascii: "d"): multiplier = 86400
                case UInt8(ascii: "w"): multiplier = 604_800
                default: return nil
                }
                cursor += 1
            }
            guard value <= Int64(Int32.max) / multiplier else { return nil }
            total += value * multiplier
            guard total <= Int64(Int32.max) else { return nil }
            index = cursor
        }
        return total
    }

    /// strtonum(3) over strtoll(3): leading white space, a sign, decimal digits, nothing after.
    static func strtonum(_ text: String) -> Int64? {
        var rest = Substring(text).drop { " \t\n\r\u{0B}\u{0C}".contains($0) }
        var negative = false
        if let sign = rest.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            rest = rest.dropFirst()
        }
        guard !rest.isEmpty, rest.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        let digits = rest.drop { $0 == "0" }
        guard digits.count <= 18 else { return negative ? Int64.min : Int64.max }
        let value = Int64(digits.isEmpty ? "0" : String(digits)) ?? 0
        return negative ? -value : value
    }

    /// misc.c `valid_env_name`: letters, digits and `_`, not empty.
    private static func isEnvironmentName(_ bytes: ArraySlice<UInt8>) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy { byte in
            byte == UInt8(ascii: "_") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        }
    }
}
