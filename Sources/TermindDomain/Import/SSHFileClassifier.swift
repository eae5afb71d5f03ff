import TermindCrypto

/// Tells what a file holds from its bytes alone (docs/behaviour.md §6: by content, not name). Pure: the caller
/// reads the file; nothing here keeps the bytes, logs them or puts them in a reason.
///
/// Private key blocks are recognised first (their header says whether they are encrypted); then
/// each meaningful line (not blank, not `#`) is read as a public key line, an authorized_keys line
/// with options, a known_hosts line or an ssh_config keyword line, and the file is what its lines
/// are: one key line is a public key, only key lines an authorized_keys file, known_hosts records
/// without key or config lines known_hosts, and mostly config keywords an ssh config (a few bad
/// lines stay for the config reader to report with their line numbers).
public enum SSHFileClassifier {
    public static func classify(_ content: [UInt8]) -> SSHFileKind {
        if content.isEmpty { return .other(reason: "the file is empty") }
        if content.contains(0) { return .other(reason: "binary content") }
        if let format = PrivateKeyFileFormat(detecting: content) { return privateKey(content, format) }
        guard let text = String(validating: content, as: UTF8.self) else {
            return .other(reason: "binary content (not UTF-8 text)")
        }
        if text.hasPrefix("PuTTY-User-Key-File-") {
            return .other(reason: "a PuTTY key: convert it with `puttygen FILE -O private-openssh -o NEWFILE`, then import")
        }
        if text.contains("---- BEGIN SSH2 ") {
            return .other(reason: "an ssh.com (SSH2) key: convert it with `ssh-keygen -i -f FILE`, then import")
        }
        return classifyLines(text)
    }

    private static func privateKey(_ content: [UInt8], _ format: PrivateKeyFileFormat) -> SSHFileKind {
        do {
            switch format {
            case .openSSH:
                return .privateKey(.openSSH, encrypted: try OpenSSHPrivateKeyFile(content).isEncrypted)
            case .pem:
                return .privateKey(.pem, encrypted: try PEMPrivateKeyFile(content).isEncrypted)
            }
        } catch {
            return .unreadablePrivateKey(format == .openSSH ? .openSSH : .pem, reason: error.description)
        }
    }

    private static func classifyLines(_ text: String) -> SSHFileKind {
        var keyLines = 0, optionKeyLines = 0, knownHostLines = 0, configLines = 0, meaningful = 0
        var hashed = false
        for raw in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let line = raw.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
            if line.isEmpty || line.hasPrefix("#") || line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) {
                continue
            }
            meaningful += 1
            if let key = PublicKeyLine(line) {
                if key.options == nil { keyLines += 1 } else { optionKeyLines += 1 }
            } else if case .record(let record) = KnownHostsLine.read(line) {
                knownHostLines += 1
                hashed = hashed || record.pattern.hasPrefix("|")
            } else if isConfigLine(line) {
                configLines += 1
            }
        }
        if meaningful == 0 { return .other(reason: "only blank lines and comments") }
        let keys = keyLines + optionKeyLines
        if keys == meaningful { return keys == 1 && optionKeyLines == 0 ? .publicKey : .authorizedKeys }
        if knownHostLines > 0, keys == 0, configLines == 0 { return .knownHosts(hashed: hashed) }
        if configLines > 0, configLines * 2 >= meaningful { return .sshConfig }
        return .other(reason: "text that is not an ssh config, a key or known_hosts")
    }

    /// `Keyword value` or `Keyword=value` with a known keyword.
    private static func isConfigLine(_ line: Substring) -> Bool {
        let keyword = line.prefix { $0 != " " && $0 != "\t" && $0 != "=" }
        return !keyword.isEmpty && SSHConfigKeyword.named(String(keyword)) != nil
    }
}
