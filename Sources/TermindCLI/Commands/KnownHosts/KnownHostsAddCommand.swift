import Foundation
import TermindDomain

/// `termind known-hosts add PATTERN KEYTYPE KEY [--revoked | --cert-authority] [--comment TEXT]`,
/// the fields of a known_hosts line.
struct KnownHostsAddCommand: Command {
    static let definition = CommandDefinition(
        name: "add", abstract: "Trust a host key (the fields of a known_hosts line)",
        arguments: [
            .init("PATTERN", help: "Host pattern: name, [name]:port, comma list, wildcards or |1|salt|hash"),
            .init("KEYTYPE", help: "Key type, e.g. ssh-ed25519"),
            .init("KEY", help: "The base64 public key"),
        ],
        options: [
            .flag("revoked", help: "Record the key as @revoked: connecting with it always fails"),
            .flag("cert-authority", help: "Record a @cert-authority key (kept; never matches a plain host key)"),
            .option("comment", valueName: "TEXT", help: "A comment"),
        ])

    let record: KnownHost
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        let pattern = parsed.argument("PATTERN")!
        let keyType = parsed.argument("KEYTYPE")!
        guard !pattern.contains(where: \.isWhitespace), !pattern.isEmpty else {
            throw UsageError("PATTERN cannot contain whitespace")
        }
        guard let data = Data(base64Encoded: parsed.argument("KEY")!), !data.isEmpty else {
            throw UsageError("KEY is not base64: give the key field of a known_hosts or .pub line")
        }
        let blob = Array(data)
        if parsed.flag("revoked") && parsed.flag("cert-authority") {
            throw UsageError("--revoked and --cert-authority contradict each other")
        }
        guard let named = PublicKeyBlob.algorithmName(of: blob) else {
            throw UsageError("KEY does not hold an SSH public key")
        }
        guard named == keyType else { throw UsageError("KEY is a \(named) key, not \(keyType)") }
        record = KnownHost(
            pattern: pattern, keyType: keyType, keyBlob: blob,
            marker: parsed.flag("revoked") ? .revoked : parsed.flag("cert-authority") ? .certAuthority : .none,
            comment: parsed.value("comment") ?? "")
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let added = try await VaultAccess(context, dataDirectory: dataDirectory).editor().addKnownHost(record)
        context.out("trusted \(added.pattern) \(added.keyType) \(added.fingerprint)\(added.marker == .none ? "" : " (\(added.marker.rawValue))")\n")
        return 0
    }
}
