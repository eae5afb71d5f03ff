import TermindApplication

/// The queue's sites over memory file systems: `local` and one per Host label, each a server
/// whose extra connections are the same file system (or refused, when `extras` is false).
struct MemorySites: TransferSiteProvider {
    let local: MemoryFileSystem
    let hosts: [String: MemoryFileSystem]
    var extras = true

    func site(for side: TransferSide) async throws -> TransferSite {
        switch side {
        case .local:
            return TransferSite.local(local)
        case .host(let label):
            guard let server = hosts[label] else { throw FileSystemError(.noSuchFile, location: label, path: "", detail: "no such Host") }
            let extras = extras
            return TransferSite(fileSystem: server, primaryTransfers: 0, openExtra: {
                guard extras else { throw FileSystemError(.permissionDenied, location: label, path: "", detail: "would ask for a password") }
                return server
            }, closeExtra: { _ in })
        }
    }

    func close() async {}
}
