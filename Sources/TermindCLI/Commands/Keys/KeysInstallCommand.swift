import Foundation
import TermindApplication
import TermindDomain

/// `termind keys install KEY HOST` (as `ssh-copy-id`): appends the Key's public key to the
/// remote `~/.ssh/authorized_keys` over the authenticated connection, unless it is there.
struct KeysInstallCommand: Command {
    static let definition = CommandDefinition(
        name: "install", abstract: "Add a Key's public key to a Host's ~/.ssh/authorized_keys (ssh-copy-id)",
        discussion: """
            Connects as for exec, reads ~/.ssh/authorized_keys as sshd does (blank lines and
            # comments skipped, options before the key type understood, CRLF line ends
            accepted) and appends the key's line unless a line already authorizes the same
            key (type and base64, whatever its comment or options; a commented-out line or a
            cert-authority line does not). ~/.ssh is created with mode 0700 and
            authorized_keys with 0600 when missing. Exits 0 in both cases, 1 when the remote
            side failed, or the connection's category status.
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

    /// Prints `~/.ssh/authorized_keys`, nothing when there is none.
    static let readScript = "cd || exit 1; [ -e .ssh/authorized_keys ] || exit 0; exec cat .ssh/authorized_keys"

    /// Appends the key line read on standard input on a line of its own; prints `added`.
    static let appendScript = """
        umask 077; cd || exit 1
        [ -d .ssh ] || mkdir .ssh || exit 1
        if [ -s .ssh/authorized_keys ] && [ -n "$(tail -c 1 .ssh/authorized_keys)" ]; then echo >> .ssh/authorized_keys || exit 1; fi
        cat >> .ssh/authorized_keys || exit 1
        echo added
        """

    /// The most of an authorized_keys file read to look for the key.
    static let readLimit = 4 << 20

    func run(_ context: CommandContext) async throws -> Int32 {
        let snapshot = try await VaultAccess(context, dataDirectory: options.dataDirectory).store.snapshot()
        guard let stored = snapshot.key(key) else { throw VaultRuleViolation.missingRecord(kind: .key, label: key) }
        let line = stored.publicKeyLine
        guard let publicKey = PublicKeyLine(line), publicKey.options == nil else {
            context.err("termind: the Key \(key) has no usable public key line\n")
            return ExitCode.failure.rawValue
        }
        let access = try ConnectionAccess(context, options: options)
        let outcome: RemoteRun
        do {
            outcome = try await access.withConnection(to: host) { connection in
                let existing = try await Self.run(Self.readScript, on: connection, limit: Self.readLimit)
                guard existing.status == 0, !existing.overflowed else { return existing }
                if AuthorizedKeys(existing.stdout).contains(keyType: publicKey.keyType, blob: publicKey.blob) {
                    return RemoteRun(status: 0, stdout: Array("present".utf8), stderr: [], overflowed: false)
                }
                return try await Self.run(Self.appendScript, on: connection, input: line + "\n")
            }
        } catch {
            context.err(ConnectionAccess.message(for: error))
            return (error as? any CategorizedFailure)?.exitCode.rawValue ?? ExitCode.failure.rawValue
        }
        if outcome.overflowed {
            context.err("termind: \(host): ~/.ssh/authorized_keys is larger than \(Self.readLimit >> 20) MiB; "
                + "nothing was changed: add the key by hand\n")
            return ExitCode.failure.rawValue
        }
        let answer = String(decoding: outcome.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard outcome.status == 0, answer == "added" || answer == "present" else {
            let said = TerminalSafeText(String(String(decoding: outcome.stderr, as: UTF8.self).prefix(2000))).description
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

    /// What one remote `sh -c` gave: its status, stdout (at most `limit` bytes) and stderr.
    struct RemoteRun {
        let status: Int32
        let stdout: [UInt8]
        let stderr: [UInt8]
        /// Stdout went past the limit.
        let overflowed: Bool
    }

    /// Runs `script` by `sh -c` with `input` on its stdin.
    private static func run(
        _ script: String, on connection: any SSHConnection, input: String = "", limit: Int = 65_536
    ) async throws -> RemoteRun {
        let process = try await connection.execute("sh -c '\(script)' termind-keys-install")
        // A script that ends before it reads may have its input refused: what it printed says
        // what happened.
        if !input.isEmpty { try? await process.write(Array(input.utf8)) }
        try? await process.closeInput()
        var stdout: [UInt8] = []
        var stderr: [UInt8] = []
        var overflowed = false
        var status: Int32 = 255
        for try await output in process.output {
            switch output {
            case .stdout(let bytes):
                if stdout.count + bytes.count > limit { overflowed = true } else { stdout += bytes }
            case .stderr(let bytes): if stderr.count < 65_536 { stderr += bytes }
            case .exit(let exitStatus, let signal): status = RemoteExitStatus.of(status: exitStatus, signal: signal)
            }
        }
        return RemoteRun(status: status, stdout: stdout, stderr: stderr, overflowed: overflowed)
    }
}

/// `keys install --json`.
struct KeysInstallView: Encodable {
    let key: String
    let host: String
    let added: Bool
}
