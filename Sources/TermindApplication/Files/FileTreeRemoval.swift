import TermindDomain

/// Deleting what a browser selected, on either side: each path and, for a directory, every
/// entry below it (its contents first). Symlinks are removed, never followed: a link to a
/// directory removes the link, not what it points at. `count` says beforehand how many entries
/// a removal takes, for the confirmation.
///
/// A value over the `FileSystem` port; `Sendable`.
public struct FileTreeRemoval: Sendable {
    public let fileSystem: any FileSystem

    public init(_ fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
    }

    /// How many entries removing `paths` removes, each path included.
    public func count(_ paths: [String]) async throws -> Int {
        var total = 0
        for path in paths {
            total += try await count(entry: try await fileSystem.lstat(path))
        }
        return total
    }

    private func count(entry: RemoteFile) async throws -> Int {
        guard entry.kind == .directory else { return 1 }
        var total = 1
        for child in try await fileSystem.list(entry.path) {
            try Task.checkCancellation()
            total += try await count(entry: child)
        }
        return total
    }

    /// Removes `paths`, a directory's contents before the directory. Stops at the first
    /// failure and throws it (a `FileSystemError` names the path and the server's reason);
    /// `removed` is told of each entry gone, so the caller can say how far it got.
    public func remove(_ paths: [String], removed: (Int) -> Void = { _ in }) async throws {
        var count = 0
        for path in paths {
            try await remove(entry: try await fileSystem.lstat(path), count: &count)
            removed(count)
        }
    }

    private func remove(entry: RemoteFile, count: inout Int) async throws {
        try Task.checkCancellation()
        if entry.kind == .directory {
            for child in try await fileSystem.list(entry.path) {
                try await remove(entry: child, count: &count)
            }
            try await fileSystem.removeDirectory(entry.path)
        } else {
            try await fileSystem.remove(entry.path)
        }
        count += 1
    }
}
