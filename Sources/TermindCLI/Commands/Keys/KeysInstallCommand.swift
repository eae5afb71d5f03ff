import Foundation
import TermindApplication
import TermindDomain

/// `termind keys install KEY HOST` (as `ssh-copy-id`): appends the Key's public key to the
/// remote `~/.ssh/authorized_keys` over the authenticated connection, unless it is there.
struct KeysInstallCommand: Command {
    static let definition = CommandDefinition(
        name: "install", abstract: "Add a Key's public key to a Host's ~/.ssh/authorized_keys (ssh-copy-id)",
        discussion: """
            Connects as for exec and runs a POSIX sh script there: ~/.ssh is created with mode
            0700 and authorized_keys with 0600 when missing; the key's line is appended unless
            the same key (type and base64, whatever its comment or options) is already there, in
            which case nothing changes. Exits 0 in both cases, 1 when the remote side failed, or
            the connection's category status.
            """,
        arguments: [
            .init("KEY", help: "The Key's label"),
            .init("HOST", .host, help: "A Vault label or an ad-hoc [user@]hostname[:port]"),
        ],
        options: ConnectionOptions.definitions + [.flag("json", help: "One object: key, host, added")],
        examples: ["termind keys install deploy-ed25519 web", "termind keys install deploy-ed25519 root@10.0.0.5 --accept-new"])

    let key: String
    let host: String
    let json: Bool
    let options: ConnectionOptions

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        key = parsed.argument("KEY") ?? ""
        host = parsed.argument("HOST") ?? ""
        json = parsed.flag("json")
        options = ConnectionOptions(parsed)
    }

    /// Reads the key line on standard input; prints `added` or `present`. `$1` is the key's
    /// base64, which holds only [A-Za-z0-9+/=].
    static let script = """
        umask 077; cd || exit 1
        [ -d .ssh ] || mkdir .ssh || exit 1
        if [ -f .ssh/authorized_keys ] && tr -s "[:blank:]" "\\n" < .ssh/authorized_keys | grep -qxF "$1"; then echo present; exit 0; fi
        if [ -s .ssh/authorized_keys ] && [ -n "$(tail -c 1 .ssh/authorized_keys)" ]; then echo >> .ssh/authorized_keys || exit 1; fi
        cat >> .ssh/authorized_keys || exit 1
        echo added
        """

    func run(_ context: CommandContext) async throws -> Int32 {
        let snapshot = try await VaultAccess(context, dataDirectory: options.dataDirectory).store.snapshot()
        guard let stored = snapshot.key(key) else { throw VaultRuleViolation.missingRecord(kind: .key, label: key) }
        let line = stored.publicKeyLine
        let fields = line.split(separator: " ")
        guard fields.count >= 2, fields[1].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+/=".contains($0)) }) else {
            context.err("termind: the Key \(key) has no usable public key line\n")
            return ExitCode.failure.rawValue
        }
        let access = try ConnectionAccess(context, options: options)
        let outcome: (status: Int32, stdout: String, stderr: String)
        do {
            outcome = try await access.withConnection(to: host) { connection in
                let process = try await connection.execute("sh -c '\(Self.script)' termind-keys-install \(fields[1])")
                // A key already there ends the script before it reads: the input may then be
                // refused, and what the script printed says what happened.
                try? await process.write(Array((line + "\n").utf8))
                try? await process.closeInput()
                var stdout: [UInt8] = []
                var stderr: [UInt8] = []
                var status: Int32 = 255
                for try await output in process.output {
                    switch output {
                    case .stdout(let bytes): if stdout.count < 65_536 { stdout += bytes }
                    case .stderr(let bytes): if stderr.count < 65_536 { stderr += bytes }
                    case .exit(let exitStatus, let signal): status = RemoteExitStatus.of(status: exitStatus, signal: signal)
                    }
                }
                return (status, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
            }
        } catch {
            context.err(ConnectionAccess.message(for: error))
            return (error as? any CategorizedFailure)?.exitCode.rawValue ?? ExitCode.failure.rawValue
        }
        let answer = outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        guard outcome.status == 0, answer == "added" || answer == "present" else {
            let said = TerminalSafeText(String(outcome.stderr.prefix(2000))).description
            context.err("termind: \(host): adding the key to ~/.ssh/authorized_keys failed (status \(outcome.status)): \(said)\n")
            return ExitCode.failure.rawValue
        }
        let added = answer == "added"
        if json {
            context.out(try JSONOutput.line(KeysInstallView(key: key, host: host, added: added)))
        } else {
            context.out(added ? "added the Key \(key) to \(host):~/.ssh/authorized_keys\n"
                : "the Key \(key) is already in \(host):~/.ssh/authorized_keys; nothing changed\n")
        }
        return ExitCode.success.rawValue
    }
}

/// `keys install --json`.
struct KeysInstallView: Encodable {
    let key: String
    let host: String
    let added: Bool
}
