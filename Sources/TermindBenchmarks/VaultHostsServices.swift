import Foundation
import TermindApplication
import TermindDomain
import TermindInfrastructure
import TermindPresentation

/// The workbench's services port for a benchmark: the Hosts read from a home's Vault the way
/// `VaultWorkbenchServices.hosts()` reads them (one snapshot of the SQLite store, sorted by
/// label), and nothing else: no connection, no Recent Workspaces, no import. What a keystroke in
/// the Navigator and the first frame cost depends only on the Hosts.
struct VaultHostsServices: WorkbenchServices {
    /// What the benchmark never asks for.
    struct NotMeasured: Error {}

    let store: any VaultStore

    /// The Vault of the home `termind` would use with `HOME` and the XDG directories in `home`.
    init(home: String) {
        let environment = [
            "HOME": home, "XDG_DATA_HOME": home + "/.local/share", "XDG_CONFIG_HOME": home + "/.config",
            "XDG_STATE_HOME": home + "/.local/state",
        ]
        let paths = XDGPaths(environment: environment, homeDirectory: home)
        store = VaultServices(paths: paths, passphraseSource: { throw NotMeasured() }).store
    }

    func hosts() async throws -> [TermindDomain.Host] {
        try await store.snapshot().hosts.sorted { $0.label < $1.label }
    }

    func connect(hostLabel: String, interactions: InteractionQueue, generation: AttemptGeneration) async throws -> any SSHConnection {
        throw NotMeasured()
    }

    func recentWorkspaces() async -> [Workspace] { [] }
    func saveRecentWorkspaces(_ workspaces: [Workspace]) async {}
    var activeTransferCount: Int { 0 }
    func importPreview() async throws -> ImportPreview { throw NotMeasured() }
    func commitImport(_ selection: ImportSelection, of preview: ImportPreview) async throws -> ImportReport { throw NotMeasured() }
    func connectForFiles(hostLabel: String, interactions: InteractionQueue, generation: AttemptGeneration) async throws -> any SSHConnection {
        throw NotMeasured()
    }
    func localFileSystem() -> any FileSystem { LocalFileSystem() }
    func recordDirectoryVisit(hostLabel: String, path: String) async {}
    func recordCommand(_ entry: CommandHistoryEntry) async throws { try await store.record(entry) }
    func searchCommands(_ query: CommandHistoryQuery) async throws -> [CommandHistoryEntry] { throw NotMeasured() }
}
