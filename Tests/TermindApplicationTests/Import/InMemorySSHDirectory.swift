import Foundation
import TermindApplication
import TermindDomain

/// An `SSHDirectoryReader` over files held in memory: a test writes, changes and removes files
/// between the preview and the commit, and sets aside paths as a real walk would.
final class InMemorySSHDirectory: SSHDirectoryReader, @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: [UInt8]] = [:]
    private var skipped: [String: (ImportSkippedItem.Kind, String)] = [:]

    subscript(path: String) -> [UInt8]? {
        get { lock.withLock { files[path] } }
        set { lock.withLock { files[path] = newValue } }
    }

    func write(_ text: String, to path: String) { self[path] = Array(text.utf8) }

    func skip(_ path: String, _ kind: ImportSkippedItem.Kind, _ reason: String) { lock.withLock { skipped[path] = (kind, reason) } }

    func walk(_ folder: String, visit: (SSHDirectoryEntry) throws -> Void) throws {
        let (files, skipped) = lock.withLock { (self.files, self.skipped) }
        let paths = (Array(files.keys) + Array(skipped.keys)).filter { $0.hasPrefix(folder + "/") }.sorted()
        guard !paths.isEmpty else { throw ImportFailure.folderUnreadable(path: folder, reason: "no such folder") }
        for path in paths {
            if let content = files[path] {
                try visit(.file(path: path, content: Secret(bytes: content)))
            } else if let (kind, reason) = skipped[path] {
                try visit(.skipped(path: path, kind: kind, reason: reason))
            }
        }
    }

    func read(_ path: String) throws -> Secret {
        guard let content = self[path] else { throw ImportFailure.sourceUnreadable(path: path, reason: "no such file") }
        return Secret(bytes: content)
    }

    /// The config reader over these files; `Include` globs match by prefix up to the first `*`.
    func configReader(home: String) -> SSHConfigReader {
        SSHConfigReader(
            home: home, localUser: "me", localHostname: "laptop",
            readFile: { path in
                guard let content = self[path] else { throw ImportFailure.sourceUnreadable(path: path, reason: "no such file") }
                return String(decoding: content, as: UTF8.self)
            },
            expandGlob: { pattern in
                let prefix = String(pattern.prefix { $0 != "*" })
                return self.lock.withLock { self.files.keys.filter { $0.hasPrefix(prefix) }.sorted() }
            })
    }
}
