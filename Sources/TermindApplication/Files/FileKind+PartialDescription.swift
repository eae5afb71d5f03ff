import TermindDomain

extension FileKind {
    /// What is found at a partial's name, for refusals: "a symbolic link".
    public var partialDescription: String {
        switch self {
        case .file: "a regular file"
        case .directory: "a directory"
        case .symlink: "a symbolic link"
        case .other: "a FIFO, socket or device"
        }
    }
}
