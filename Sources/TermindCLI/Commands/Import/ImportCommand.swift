import Foundation
import TermindApplication
import TermindDomain
import TermindInfrastructure

/// `termind import [DIR] (--dry-run | --all | --hosts A,B --identities I --keys K --known-hosts)
/// [--ask-passphrases [--store-passphrases]] [--json]`: Vault records from `~/.ssh` (docs/behaviour.md §6),
/// previewed before anything is written and committed all or nothing.
struct ImportCommand: Command {
    static let definition = CommandDefinition(
        name: "import", abstract: "Import Hosts, Identities, Keys and Known Hosts from ~/.ssh (preview with --dry-run)",
        discussion: """
            Files are classified by content: ssh config, private keys (OpenSSH or PEM, encrypted
            or not), public keys, known_hosts (plain or hashed), authorized_keys (listed, not
            imported). Symlinks out of the folder are not followed; files over 1 MiB or
            unreadable are listed with the reason. The config is never executed: ProxyCommand,
            Match exec and LocalCommand are reported as not imported.

            --dry-run prints the preview: each item's index and status (new, existing,
            conflict, cannot-import). Name items by label or index. Only new items are written.
            An Identity needs its Key (selected, or already in the Vault); a Host binds to an
            Identity in the Vault or one selected, else it is left unbound; selecting a Host
            never selects credentials. A ProxyJump hop becomes part of the jump chain only when
            it is a Host in the Vault or selected too.

            Commit reads the selected key files again and writes nothing if any changed since
            they were read. Encrypted keys are stored still encrypted (the passphrase is asked
            when the key is used) unless --ask-passphrases asks for them now; an encrypted PEM
            key needs its passphrase. Existing records are never overwritten, and a Known Host
            that differs from a key the Vault trusts is never imported.
            """,
        arguments: [.init("DIR", .path, optional: true, help: "The folder to read (default ~/.ssh)")],
        options: [
            .flag("dry-run", short: "n", help: "Print the preview; write nothing"),
            .flag("all", help: "Import every new Host, Identity, Key and Known Host"),
            .option("hosts", valueName: "A,B", repeating: true, help: "Import these Hosts (aliases or indexes)"),
            .option("identities", valueName: "A,B", repeating: true, help: "Import these Identities (labels or indexes)"),
            .option("keys", valueName: "A,B", repeating: true, help: "Import these Keys (labels, paths or indexes)"),
            .flag("known-hosts", help: "Import every new Known Host"),
            .flag("ask-passphrases", help: "Ask for each encrypted key's passphrase (empty keeps it encrypted)"),
            .flag("store-passphrases", help: "With --ask-passphrases: keep the passphrases, sealed, with the keys"),
            .flag("json", help: "Print JSON (the preview, or what was written)"),
        ],
        examples: [
            "termind import --dry-run",
            "termind import --all",
            "termind import ~/work-ssh --hosts web,db --keys id_ed25519 --identities deploy-id_ed25519",
        ])

    let folder: String?
    let dryRun: Bool
    let selection: ImportSelection
    let askPassphrases: Bool
    let storePassphrases: Bool
    let json: Bool
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        folder = parsed.argument("DIR")
        dryRun = parsed.flag("dry-run")
        func list(_ name: String) -> [String] {
            parsed.values(name).flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
        }
        selection = ImportSelection(
            all: parsed.flag("all"), hosts: list("hosts"), identities: list("identities"), keys: list("keys"),
            knownHosts: parsed.flag("known-hosts"))
        askPassphrases = parsed.flag("ask-passphrases")
        storePassphrases = parsed.flag("store-passphrases")
        json = parsed.flag("json")
        dataDirectory = parsed.value("data-dir")
        if selection.isEmpty && !dryRun {
            throw UsageError(
                "say what to import: --all, or --hosts, --identities, --keys, --known-hosts; --dry-run shows the preview first")
        }
        if storePassphrases && !askPassphrases { throw UsageError("--store-passphrases needs --ask-passphrases") }
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let access = VaultAccess(context, dataDirectory: dataDirectory)
        let account = SystemLocalAccount(environment: context.environment)
        let directory = LocalSSHDirectoryReader()
        let builder = ImportPreviewBuilder(directory: directory, keyCodec: access.keyCodec, store: access.store)
        let config = try LocalSSHImport.configReader(account)
        let preview = try await builder.preview(
            of: LocalSSHImport.absolute(folder ?? account.homeDirectory + "/.ssh"), config: config)
        let plan = selection.isEmpty ? nil : try ImportPlan(selection, in: preview, passphrasesAvailable: askPassphrases)

        if dryRun {
            context.out(
                json ? try JSONOutput.text(ImportPreviewView(preview, plan: plan)) : ImportPreviewText(preview, plan: plan).text)
            return 0
        }
        guard let plan else { return 0 }
        let importer = VaultImporter(
            store: access.services.store, secrets: access.services.secrets, keyCodec: access.keyCodec, directory: directory)
        let report = try await importer.commit(
            plan, of: preview, passphrases: askPassphrases ? TerminalImportPassphrases() : NoImportPassphrases(),
            storePassphrases: storePassphrases)
        let snapshot = try await access.store.snapshot()
        context.out(json ? try JSONOutput.text(ImportReportView(report, in: snapshot)) : ImportReportView.text(report, in: snapshot))
        for note in report.notes { context.err("note: \(note)\n") }
        if report.keys.contains(where: { $0.algorithm == .rsa }) { context.err("warning: \(ImportPreview.rsaWarning)\n") }
        return 0
    }
}
