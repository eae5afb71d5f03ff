/// The names of an edit's managed local copy (docs/behaviour.md §4): a directory per edit,
/// `LABEL-KEY-RANDOM`, and in it the remote file's own name, so the editor sees its extension.
/// `KEY` is the start of the SHA-256 of the Host and path, so copies of different files never
/// share a directory whatever their labels look like; `RANDOM` gives two edits of one file
/// their own copies. Pure: the random part is the caller's.
public enum EditCopyName {
    /// The directory's name for an edit of `path` at `location`, with `random` (a few
    /// letters, the caller's) at its end.
    public static func directory(location: String, path: String, random: String) -> String {
        "\(stem(location: location, path: path))-\(random)"
    }

    /// The lock file's name for edits of `path` at `location`: one per file, beside the
    /// directories (which end in letters and digits, never in `.lock`).
    public static func lock(location: String, path: String) -> String {
        stem(location: location, path: path) + ".lock"
    }

    /// `label-key`: the location, readable, and a digest of it and the path.
    private static func stem(location: String, path: String) -> String {
        let key = ContentDigest.hex(of: NameBytes.bytes(location) + [0] + NameBytes.bytes(path)).prefix(16)
        let label = String(safe(location).prefix(32))
        return "\(label.isEmpty ? "host" : label)-\(key)"
    }

    /// The copy's file name: the remote name with anything but letters, digits and `._-+,@=`
    /// replaced by `_` (a name from a server may hold escapes or newlines, and the path is
    /// shown in messages and typed by people), at most 128 bytes, never empty, `.` or `..`.
    public static func file(remoteName: String) -> String {
        let name = String(safe(remoteName).prefix(128))
        return name.isEmpty || name.allSatisfy({ $0 == "." }) ? "file" : name
    }

    private static func safe(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            let allowed = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-+,@=".unicodeScalars.contains(scalar))
            return allowed ? scalar : "_"
        }))
    }
}
