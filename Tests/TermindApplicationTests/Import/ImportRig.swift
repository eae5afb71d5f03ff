import Foundation
import TermindApplication
import TermindDomain
import TermindTestDoubles

/// A folder, a Vault and the two import use cases over in-memory adapters that share one
/// journal, so a test sees what was sealed, saved and removed, and in which order.
struct ImportRig {
    static let home = "/home/me"
    static let folder = "/home/me/.ssh"

    let journal = VaultJournal()
    let store: InMemoryVaultStore
    let secrets: InMemorySecretStore
    let directory = InMemorySSHDirectory()
    let codec = FixtureKeyCodec()

    init(_ snapshot: VaultSnapshot = VaultSnapshot()) {
        store = InMemoryVaultStore(snapshot, journal: journal)
        secrets = InMemorySecretStore(journal: journal)
    }

    var builder: ImportPreviewBuilder { ImportPreviewBuilder(directory: directory, keyCodec: codec, store: store) }
    var importer: VaultImporter { VaultImporter(store: store, secrets: secrets, keyCodec: codec, directory: directory) }

    /// Puts a key (and its `.pub`) in the folder under `name` and teaches the codec about it.
    func add(_ key: ImportTestKey, as name: String, withPublicFile: Bool = true) {
        directory[Self.folder + "/" + name] = key.privateKey
        if withPublicFile { directory.write(key.publicLine + "\n", to: Self.folder + "/" + name + ".pub") }
        codec.learn(key)
    }

    func config(_ text: String, at name: String = "config") { directory.write(text, to: Self.folder + "/" + name) }

    func preview() async throws -> ImportPreview {
        try await builder.preview(of: Self.folder, config: directory.configReader(home: Self.home))
    }

    /// Previews, plans `selection` and commits it.
    @discardableResult
    func importSelection(
        _ selection: ImportSelection, passphrases: any ImportPassphraseSource = NoImportPassphrases(), storePassphrases: Bool = false
    ) async throws -> ImportReport {
        let preview = try await preview()
        let plan = try ImportPlan(selection, in: preview, passphrasesAvailable: !(passphrases is NoImportPassphrases))
        return try await importer.commit(plan, of: preview, passphrases: passphrases, storePassphrases: storePassphrases)
    }
}
