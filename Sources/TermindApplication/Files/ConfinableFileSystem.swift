/// A file system that can be confined to a directory: this machine's. A Batch writing here
/// works through the confined form, so what a server names (or named in an earlier run) can
/// never lead a write outside the destination the person chose (docs/behaviour.md §4).
/// SFTP has no calls relative to a directory handle, so a server's file system is not
/// confinable; there, what is already at a name is looked at with `lstat`.
public protocol ConfinableFileSystem: FileSystem {
    /// This file system with every call on a path below `root` resolved from `root` one
    /// component at a time, never following a symlink below it: a symlink where a directory
    /// is expected fails the call (`.unexpectedFile`, naming the symlink), and the last
    /// component is worked on itself. `root` itself is resolved as named (it may be a symlink
    /// the person chose, and counts as the directory it leads to, `lstat` included); paths
    /// outside it behave as before.
    func confined(to root: String) -> any FileSystem
}
