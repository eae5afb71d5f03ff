/// What to do when a transfer's destination file already exists (docs/behaviour.md §4). Directories
/// always merge; the policy applies to files.
public enum ConflictPolicy: String, Sendable, Equatable, CaseIterable, Codable {
    /// Replace it (atomically, by rename over it).
    case overwrite
    /// Leave it, and do not transfer this file.
    case skip
    /// Keep it, and write the new file under a free name: `name (1).ext`.
    case keepBoth = "keep-both"
    /// Stop this file with a failure.
    case fail
}
