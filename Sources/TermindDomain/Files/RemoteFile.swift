/// One entry of a file system, remote or local: its path, its name and its attributes, with
/// the server's `ls -l` style line when it sent one (SFTP v3 `longname`).
public struct RemoteFile: Sendable, Equatable, Codable {
    /// The entry's full path, as listed or asked for.
    public var path: String
    public var attributes: FileAttributes
    /// The server's own `ls -l` line, shown as is by `termind ls -l` when present.
    public var longName: String?

    public init(path: String, attributes: FileAttributes, longName: String? = nil) {
        self.path = path
        self.attributes = attributes
        self.longName = longName
    }

    /// The last component of the path (`/` for the root).
    public var name: String { RemotePath.name(of: path) }
    public var kind: FileKind { attributes.kind }
    public var isDirectory: Bool { kind == .directory }
}
