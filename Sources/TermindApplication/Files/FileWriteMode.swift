/// How `FileSystem.openForWriting` treats what is already at the path.
public enum FileWriteMode: Sendable, Equatable {
    /// Create the file; fail with `.alreadyExists` if anything is there.
    case createNew
    /// Create the file or empty an existing one.
    case truncate
    /// Open an existing file (or create it) keeping its bytes: for resuming a partial.
    case keep
}
