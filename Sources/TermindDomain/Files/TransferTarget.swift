/// Where each source of a copy lands, as `cp` decides it: into an existing directory under its
/// own name; or, for a single source, at the destination path itself. Pure: the caller says
/// what is at the destination.
public enum TransferTarget {
    /// Why the destination cannot take the sources.
    public enum Problem: Error, Sendable, Equatable {
        /// Several sources need a directory to go into, and the destination is not one.
        case severalSourcesNeedADirectory(count: Int)
        /// The destination ends with `/`, naming a directory that is not there.
        case noSuchDirectory
        /// The destination ends with `/` but is a file.
        case notADirectory
    }

    /// The destination path of each source, in order.
    /// - Parameters:
    ///   - sources: the source paths as given.
    ///   - destination: the destination path as given.
    ///   - existing: the kind of what is at `destination` (symlinks followed), nil when nothing.
    public static func paths(
        for sources: [String], destination: String, existing: FileKind?
    ) throws(Problem) -> [String] {
        let namesADirectory = destination.count > 1 && destination.hasSuffix("/")
        switch existing {
        case .directory:
            return sources.map { source in
                let name = RemotePath.name(of: source)
                // `/`, `.` and `..` have no name of their own: their contents merge into it.
                if name == "/" || name == "." || name == ".." { return destination }
                return RemotePath.join(destination, name)
            }
        case nil:
            if sources.count > 1 { throw .severalSourcesNeedADirectory(count: sources.count) }
            if namesADirectory { throw .noSuchDirectory }
            return sources.map { _ in destination }
        case .file?, .symlink?, .other?:
            if sources.count > 1 { throw .severalSourcesNeedADirectory(count: sources.count) }
            if namesADirectory { throw .notADirectory }
            return sources.map { _ in destination }
        }
    }
}
