import Foundation
import TermindApplication
import TermindDomain

/// Where the Workspaces of the last run are kept for Recent Workspaces: a JSON list of
/// Workspaces (`<state>/workspaces.json`), written when the workbench ends. A file that cannot
/// be read is logged and treated as empty: it is a convenience, never a reason not to start.
/// A plain value; safe from any thread (each call reads or replaces the whole file). `package`
/// for the fuzz target that reads hostile files through it.
package struct RecentWorkspacesFile: Sendable {
    /// The most Workspaces kept.
    static let limit = 20

    let path: String

    package init(path: String) {
        self.path = path
    }

    package func load(logger: any Logger) -> [Workspace] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        do {
            return try JSONDecoder().decode([Workspace].self, from: data)
        } catch {
            logger.warning("\(path): Recent Workspaces could not be read and are ignored: \(error)")
            return []
        }
    }

    func save(_ workspaces: [Workspace], logger: any Logger) {
        do {
            let directory = (path as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(Array(workspaces.prefix(Self.limit))).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            logger.warning("\(path): Recent Workspaces could not be saved: \(error)")
        }
    }
}
