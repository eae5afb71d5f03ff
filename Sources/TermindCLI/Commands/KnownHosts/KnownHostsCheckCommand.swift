import Foundation
import TermindApplication
import TermindDomain

/// `termind known-hosts check HOST`: reads the host key the server offers (a handshake, no
/// authentication) and says whether the trust records know it: known (exit 0), unknown
/// (exit 4), changed or revoked (exit 5).
struct KnownHostsCheckCommand: Command {
    static let definition = CommandDefinition(
        name: "check", abstract: "Say whether a Host's current key is known, unknown, changed or revoked",
        discussion: "Connects and reads the host key without authenticating. Exits 0 when known, 4 when unknown, 5 when changed or revoked.",
        arguments: [.init("HOST", help: "A Vault label or an ad-hoc hostname[:port]")],
        options: [
            .flag("no-system-known-hosts", help: "Do not consult ~/.ssh/known_hosts"),
            .option("connect-timeout", .integer(1...3600), valueName: "SECONDS", help: "Give up after this long (default 15)"),
            .flag("json", help: "Print a JSON object"),
        ])

    /// What `--json` prints.
    struct Report: Encodable {
        let host: String
        let hostname: String
        let port: Int
        let keyType: String
        let fingerprint: String
        let verdict: String
        let records: [KnownHostView]
    }

    let host: String
    let systemKnownHosts: Bool
    let timeout: Duration
    let json: Bool
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        host = parsed.argument("HOST")!
        systemKnownHosts = !parsed.flag("no-system-known-hosts")
        timeout = .seconds(parsed.integer("connect-timeout") ?? 15)
        json = parsed.flag("json")
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let vault = VaultAccess(context, dataDirectory: dataDirectory)
        let snapshot = try await vault.store.snapshot()
        let (hostname, port) = try endpoint(in: snapshot)
        var records = snapshot.knownHosts
        if systemKnownHosts { records += ConnectionAccess.systemKnownHosts(context).map(\.record) }
        let matcher = KnownHostsMatcher(records: records)
        let preferred = matcher.recordedKeyTypes(hostname: hostname, port: port)
        let key = try await ConnectionAccess.hostKeyProbe.offeredHostKey(
            hostname: hostname, port: port, preferring: preferred, timeout: timeout)
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
                fingerprint: key.fingerprint.description, verdict: word, records: matching.map(KnownHostView.init))))
        } else {
            let name = KnownHostsMatcher.lookupName(hostname: hostname, port: port)
            var text = "\(name): \(word): \(key.algorithm) \(key.fingerprint)\n"
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
