import TermindTestSupport

/// Writes ssh_config files in the shapes people write them, from a seed: `Host` patterns with
/// wildcards and negations, `Match` with exec-free criteria, `Include` with globs, relative, `~`
/// and absolute paths, `%` tokens, quoting, `=` separators, keywords in any case, repeated
/// keywords, several IdentityFile and LocalForward lines, and now and then a line OpenSSH
/// refuses. Each configuration lives in its own folder under `.ssh` so that Includes stay apart.
/// The same seed writes the same files on every machine.
struct SSHConfigCorpusGenerator {
    /// One configuration: its files (relative to `.ssh`, `@SSHDIR@` standing for that folder)
    /// and the names it writes for one host (a `Host` pattern or a `Match originalhost` entry
    /// without wildcards or negation), which the import offers when ssh resolves them.
    struct Configuration {
        var main: String
        var files: [String: String] = [:]
        var names: [String] = []
    }

    private var random: SeededRandom

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    static let names = ["alpha", "beta", "gamma", "web1", "db.internal", "Edge", "gw", "10.0.0.5", "jump", "Mixed.Example.COM"]
    private static let wildcards = ["*", "*.internal", "web*", "?eta", "g*", "*a"]
    private static let negations = ["!beta", "!web*", "!Edge", "!gw", "!*.internal"]

    /// Keyword, good values, values OpenSSH refuses.
    private static let options: [(String, [String], [String])] = [
        ("HostName", ["%h.example.com", "Server.Example.COM", "192.0.2.10", "%h", "h-%h.internal", "2001:DB8::1", "010.0.0.1",
                      "\"quoted.example.com\"", "%%h.literal", "[2001:db8::2]", "HOST.%h", "fe80::1%eth0", "0x7f.1"],
         ["%h-%p.example.com"]),
        ("Port", ["22", "2222", "ssh", "0022", "65535", "\"2200\""], ["0", "70000", "22x", "22 23"]),
        ("User", ["deploy", "Admin", "root", "ops-team", "'svc user'", "\"quoted\"", "u%r", "first.last@corp"], ["a b"]),
        ("IdentityFile", ["~/.ssh/id_ed25519", "~/.ssh/id_%h", "%d/.ssh/key_%r", "/etc/ssh/keys/%u_%p", "\"~/.ssh/my key\"",
                          "~/.ssh/%n.key", "~/.ssh/id_%l", "~/.ssh/%C", "${HOME}/.ssh/env_key", "~/.ssh/id_rsa"],
         ["\"~/.ssh/unterminated"]),
        ("CertificateFile", ["~/.ssh/id_ed25519-cert.pub", "%d/certs/%h.pub"], []),
        ("LocalForward", ["8080 localhost:80", "127.0.0.1:9000 db.internal:5432", "[::1]:7000 [::1]:22", "localhost:8443 web:443",
                          "/tmp/fwd-%h.sock /run/app.sock", "9090 /run/%r.sock"],
         ["8080", "0 localhost:80", "x:y z", "8080 host:99999", "/tmp/fwd-%z.sock /run/app.sock"]),
        ("RemoteForward", ["9000 localhost:9000", "8022", "/tmp/remote-%u.sock localhost:22"], ["99999 x:1"]),
        ("DynamicForward", ["1080", "localhost:1081"], ["1080 extra", "host:port:x"]),
        ("ControlPath", ["~/.ssh/cm-%r@%h:%p", "none", "/tmp/ssh-%C", "${HOME}/.cm/%n"], ["~/.ssh/cm-%q", "${NOT_SET_HERE}/cm"]),
        ("IdentityAgent", ["~/.ssh/agent.sock", "SSH_AUTH_SOCK", "none", "/run/user/%i/agent"], ["/tmp/%z-agent", "${NOT_SET_HERE}/agent"]),
        ("UserKnownHostsFile", ["~/.ssh/known_hosts ~/.ssh/known_hosts2", "none", "/etc/ssh/kh_%h", "~/.ssh/kh-%k"],
         ["none ~/.ssh/known_hosts", "~/.ssh/kh-%x"]),
        ("RemoteCommand", ["tmux new -A -s %r", "none"], ["echo %x"]),
        ("CanonicalizeHostname", ["no", "yes", "always"], ["sometimes"]),
        ("HostKeyAlias", ["alias-%h", "Key.Alias"], []),
        ("RequestTTY", ["yes", "force", "auto"], ["maybe"]),
        ("NumberOfPasswordPrompts", ["3", "+2"], ["-1", "3x"]),
        ("Ciphers", ["aes128-ctr,aes256-gcm@openssh.com", "+aes128-cbc", "-3des-cbc", "^chacha20-poly1305@openssh.com", "aes128-ctr,,bogus"],
         ["aes512-ctr", "aes128-ctr,des", "+"]),
        ("MACs", ["hmac-sha2-256,umac-64@openssh.com", "-hmac-md5*", "+hmac-sha1"], ["hmac-sha3", "+"]),
        ("KexAlgorithms", ["curve25519-sha256", "+diffie-hellman-group14-sha1", "-ecdh-*"], ["curve448"]),
        ("LogLevel", ["ERROR", "debug3", "Verbose"], ["LOUD"]),
        ("SyslogFacility", ["AUTH", "local3"], ["local8"]),
        ("EscapeChar", ["~", "none", "^]", "%"], ["^", "ab", "^\u{7F}x"]),
        ("AddKeysToAgent", ["yes", "confirm", "confirm 5m", "1h", "ask"], ["confirm soon", "yes 5m", "maybe"]),
        ("ControlPersist", ["yes", "10m", "no", "0"], ["YES", "later"]),
        ("ControlMaster", ["auto", "autoask", "no"], ["sometimes"]),
        ("IPQoS", ["lowdelay throughput", "af21", "0x10", "cs1 cs2", "none"], ["fast", "256", "af11 af12 af13"]),
        ("SetEnv", ["FOO=bar", "A=1 B=2", "\"GREETING=hello world\""], ["FOO"]),
        ("SendEnv", ["LANG LC_*", "-LC_ALL", "TERM_*"], ["A=B"]),
        ("IdentitiesOnly", ["yes", "no", "YES", "true", "False"], ["maybe", "yes no"]),
        ("ForwardAgent", ["yes", "no", "/tmp/agent.sock", "$SSH_AUTH_SOCK", "${HOME}/agent.sock"], ["${NOT_SET_HERE}", "$1-bad"]),
        ("BatchMode", ["yes", "no"], ["sometimes"]),
        ("ServerAliveInterval", ["30", "0", "1m", "90s", "1h30m"], ["abc", "30 40"]),
        ("ServerAliveCountMax", ["3", "0", "10"], ["x"]),
        ("StrictHostKeyChecking", ["yes", "no", "ask", "accept-new", "off"], ["sometimes"]),
        ("ConnectTimeout", ["10", "none", "5s"], ["soon"]),
        ("Compression", ["yes", "no"], ["fast"]),
        ("ProxyJump", ["gw", "deploy@gw:2222", "ssh://ops@gw.example.com:2200", "gw,beta", "none", "ssh://u%2Bx@jump.example.com",
                       "alpha,ssh://ops@gw:22", "[2001:db8::7]:2022", "admin@192.0.2.5", "ssh://10.0.0.1:22", "jump # comment"],
         ["a,,b", "ssh://[::1]:22", "gw:0"]),
        ("ProxyCommand", ["ssh -W %h:%p gw", "none"], []),
    ]

    mutating func configuration(_ number: Int) -> Configuration {
        let folder = "g\(number)"
        var config = Configuration(main: "\(folder)/config")
        var lines: [String] = ["# generated configuration \(number)"]
        if chance(15) { lines.append(keyword("IgnoreUnknown") + separator() + "UseKeychain,AddKeysToAgent*") }
        if chance(30) { lines += body(refusable: true) }  // options before any Host line apply to all
        let includes = chance(50)
        for block in 0..<int(2...5) {
            if includes && block == 1 { lines += include(folder, into: &config) }
            lines += blockHeader(into: &config)
            lines += body(refusable: true)
        }
        if chance(60) {
            lines.append(keyword("Host") + separator() + "*")
            lines += body(refusable: false)
        }
        if chance(4) { lines.append(keyword("Include") + separator() + "\(folder)/config") }  // a loop
        config.files[config.main] = lines.joined(separator: chance(5) ? "\r\n" : "\n") + "\n"
        return config
    }

    /// An Include with a glob, a relative path, `~` or an absolute path, and the files it reaches.
    private mutating func include(_ folder: String, into config: inout Configuration) -> [String] {
        var lines: [String] = []
        let inside = chance(40)
        if inside { lines.append(blockHeader(into: &config).joined(separator: "\n")) }
        let form = int(0...3)
        let pattern = ["\(folder)/conf.d/*.conf", "\(folder)/extra", "~/.ssh/\(folder)/tilde.conf", "@SSHDIR@/\(folder)/absolute.conf"][form]
        lines.append(keyword("Include") + separator() + pattern + (chance(20) ? " \(folder)/missing.conf" : ""))
        let targets = form == 0 ? ["\(folder)/conf.d/a.conf", "\(folder)/conf.d/b.conf"] : [
            ["", "\(folder)/extra", "\(folder)/tilde.conf", "\(folder)/absolute.conf"][form]
        ]
        for target in targets {
            var included: [String] = []
            if chance(40) { included += body(refusable: false) }
            for _ in 0..<int(1...2) {
                included += blockHeader(into: &config)
                included += body(refusable: true)
            }
            config.files[target] = included.joined(separator: "\n") + "\n"
        }
        return lines
    }

    private mutating func blockHeader(into config: inout Configuration) -> [String] {
        if chance(25) { return [keyword("Match") + " " + matchCriteria(into: &config)] }
        if chance(5) {
            // A host that jumps through itself: ssh stops with "jumphost loop" unless a HostName differs.
            let name = pick(Self.names)
            if !config.names.contains(name) { config.names.append(name) }
            return [keyword("Host") + separator() + name, "  " + keyword("ProxyJump") + " " + name]
        }
        if chance(5) {
            let name = pick(Self.names)
            if !config.names.contains(name) { config.names.append(name) }
            return [keyword("Host") + " \"\(name)\""]
        }
        var patterns: [String] = []
        for _ in 0..<int(1...3) {
            switch int(0...9) {
            case 0...5:
                let name = pick(Self.names)
                patterns.append(name)
                if !config.names.contains(name) { config.names.append(name) }
            case 6...7: patterns.append(pick(Self.wildcards))
            default: patterns.append(pick(Self.negations))
            }
        }
        return [keyword("Host") + separator() + patterns.joined(separator: chance(20) ? "  " : " ")]
    }

    private mutating func matchCriteria(into config: inout Configuration) -> String {
        if chance(10) { return "all" }
        var criteria: [String] = []
        for _ in 0..<int(1...2) {
            let negated = chance(15) ? "!" : ""
            switch int(0...5) {
            case 0:
                criteria.append("\(negated)host \(pick(Self.names + Self.wildcards))")
            case 1, 2:
                let list = (0..<int(1...2)).map { _ in pick(Self.names + Self.wildcards) }
                if negated.isEmpty {
                    for name in list where !name.contains("*") && !name.contains("?") && !config.names.contains(name) {
                        config.names.append(name)
                    }
                }
                criteria.append("\(negated)originalhost \(list.joined(separator: ","))")
            case 3: criteria.append("\(negated)user \(pick(["root", "deploy", "r*", "Admin"]))")
            case 4: criteria.append("\(negated)localuser \(pick(["root", "nobody", "r*"]))")
            default: criteria.append(pick(["final", "canonical", "!final"]))
            }
        }
        return criteria.joined(separator: " ")
    }

    /// Zero to five option lines; now and then one OpenSSH refuses when `refusable`.
    private mutating func body(refusable: Bool) -> [String] {
        var lines: [String] = []
        for _ in 0..<int(0...5) {
            let (name, good, bad) = pick(Self.options)
            let value = refusable && !bad.isEmpty && chance(1) ? pick(bad) : pick(good)
            var line = "  " + keyword(name) + separator() + value
            if chance(10), name != "ProxyCommand", name != "SendEnv" { line += " # why" }
            lines.append(line)
        }
        if refusable && chance(1) { lines.append("  " + pick(["UseKeychain yes", "HostName", "Match nonsense x", "Match host"])) }
        if chance(4) { lines.append("  " + keyword("AddKeysToAgentFast") + " yes") }
        if chance(10) { lines.append(pick(["", "   # an indented comment", "\t", "#HostName commented.out"])) }
        if chance(8) {
            // Many identities, some repeated: ssh keeps each once, in order.
            for _ in 0..<int(2...6) { lines.append("  " + keyword("IdentityFile") + separator() + "~/.ssh/id_\(pick(["a", "b", "c", "%h"]))") }
        }
        return lines
    }

    private mutating func keyword(_ name: String) -> String {
        switch int(0...5) {
        case 0: name.lowercased()
        case 1: name.uppercased()
        default: name
        }
    }

    private mutating func separator() -> String { pick([" ", " ", " ", "=", " = ", "\t", " =\t"]) }

    private mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

    private mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

    private mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
}
