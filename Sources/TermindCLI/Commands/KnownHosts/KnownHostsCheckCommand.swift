import Foundation
import TermindApplication
import TermindDomain

/// `termind known-hosts check HOST`: reads the host key the server offers (a handshake, no
/// authentication) and says whether the trust records know it: known (exit 0), unknown
/// (exit 4), changed or revoked (exit 5). A Host with a jump chain is reached through it, as a
/// connection would reach it: each hop is checked (an unknown or changed hop fails as it does
/// for `exec`) and authenticated, and the target's key is read through them.
struct KnownHostsCheckCommand: Command {
    static let definition = CommandDefinition(
        name: "check", abstract: "Say whether a Host's current key is known, unknown, changed or revoked",
        discussion: """
            Connects and reads the host key without authenticating to HOST. Exits 0 when known, 4 when unknown, 5
            when changed or revoked. A Host with jump hosts is reached through them: each hop's key is checked
            and the hop authenticated first, as for exec.
            """,
        arguments: [.init("HOST", .host, help: "A Vault label or an ad-hoc hostname[:port]")],
        options: ConnectionOptions.definitions + [.flag("json", help: "Print a JSON object")])

    /// What `--json` prints.
    struct Report: Encodable {
        let host: String
        let hostname: String
        let port: Int
        let keyType: String
        let fingerprint: String
        let verdict: String
        let records: [KnownHostView]
        /// The jump hosts the key was read through, first hop first (empty when direct).
        let through: [String]
    }

    let host: String
    let options: ConnectionOptions
    let json: Bool

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        host = parsed.argument("HOST")!
        options = ConnectionOptions(parsed)
        json = parsed.flag("json")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let vault = VaultAccess(context, dataDirectory: options.dataDirectory)
        let snapshot = try await vault.store.snapshot()
        let (hostname, port) = try endpoint(in: snapshot)
        var records = snapshot.knownHosts
        if options.systemKnownHosts { records += ConnectionOpener.systemKnownHosts(context).map(\.record) }
        let matcher = KnownHostsMatcher(records: records)
        // Every hop in the order a connection opens them: each jump's own jumps first.
        func chain(_ jumps: [UUID]) -> [String] {
            jumps.compactMap { snapshot.host(id: $0) }.flatMap { chain($0.jumpChain) + [$0.label.rawValue] }
        }
        let hops = chain(snapshot.host(host)?.jumpChain ?? [])
        let key: HostKey
        if hops.isEmpty {
            key = try await ConnectionAccess.hostKeyProbe.offeredHostKey(
                hostname: hostname, port: port, preferring: matcher.recordedKeyTypes(hostname: hostname, port: port),
                timeout: options.connectTimeout)
        } else {
            let access = try ConnectionAccess(context, options: options)
            key = try await access.offeredHostKey(host)
        }
        let verdict = matcher.verdict(hostname: hostname, port: port, keyType: key.algorithm, keyBlob: key.blob)
        let (word, status, matching): (String, ExitCode, [KnownHost]) = switch verdict {
        case .known(let record): ("known", .success, [record])
        case .unknown: ("unknown", .hostKeyNotAccepted, [])
        case .changed(let stored): ("changed", .hostKeyChanged, stored)
        case .revoked(let record): ("revoked", .hostKeyChanged, [record])
        }
        if json {
            context.out(try JSONOutput.text(Report(
                host: host, hostname: hostname, port: port, keyType: key.algorithm,
                fingerprint: key.fingerprint.description, verdict: word, records: matching.map(KnownHostView.init),
                through: hops)))
        } else {
            let name = KnownHostsMatcher.lookupName(hostname: hostname, port: port)
            var text = "\(name): \(word): \(key.algorithm) \(key.fingerprint)\n"
            if !hops.isEmpty { text += "  read through \(hops.joined(separator: " → ")), each hop's key checked\n" }
            for record in matching { text += "  recorded: \(record.pattern) \(record.keyType) \(record.fingerprint)\n" }
            if case .unknown(let types) = verdict, !types.isEmpty {
                text += "  recorded key types for this host: \(types.joined(separator: ", "))\n"
            }
            context.out(text)
        }
        return status.rawValue
    }

    /// A Vault Host's address, or an ad-hoc `hostname[:port]`.
    private func endpoint(in snapshot: VaultSnapshot) throws -> (String, Int) {
        if let saved = snapshot.host(host) { return (saved.hostname, saved.port.rawValue) }
        let target = try AdHocTarget(parsing: host)
        return (target.hostname, target.port)
    }
}
