import TermindCrypto

/// Where a transfer writes a file before committing it: `.NAME.termind-partial` beside the
/// destination. Deterministic, so a later `termind cp --resume` finds what an interrupted run
/// left; hidden, so nobody takes it for the finished file.
public enum PartialFileName {
    public static let suffix = ".termind-partial"
    /// Longest file name most file systems accept (`NAME_MAX`), in bytes.
    static let maximumNameBytes = 255

    /// The partial file's path for `destination`.
    public static func path(for destination: String) -> String {
        RemotePath.sibling(of: destination, named: partialName(for: RemotePath.name(of: destination)))
    }

    /// The partial's file name for a destination file named `name`. A name too long to take
    /// the dot and suffix keeps its start and gains a digest of the whole name, so it stays
    /// unique and under `NAME_MAX`.
    public static func partialName(for name: String) -> String {
        let plain = "." + name + suffix
        if plain.utf8.count <= maximumNameBytes { return plain }
        let tag = "~" + String(SHA256.hash(Array(name.utf8)).hexString.prefix(16))
        let room = maximumNameBytes - 1 - tag.utf8.count - suffix.utf8.count
        var kept = ""
        for character in name {
            if kept.utf8.count + character.utf8.count > room { break }
            kept.append(character)
        }
        return "." + kept + tag + suffix
    }

    /// Whether `name` is a partial file's name (a tree walk leaves such files out).
    public static func isPartial(_ name: String) -> Bool {
        name.hasPrefix(".") && name.hasSuffix(suffix) && name.count > suffix.count + 1
    }
}
