/// POSIX path arithmetic for file system paths (remote ones are always `/`-separated). Pure
/// string rules: no file system is asked. Slashes are found among Unicode scalars, not
/// characters: a name may begin with a combining mark, which would otherwise join the `/`
/// before it into one character and hide it.
public enum RemotePath {
    /// `directory` and `name` joined with one `/`.
    public static func join(_ directory: String, _ name: String) -> String {
        if directory.isEmpty { return name }
        if name.unicodeScalars.first == "/" { return name }
        return directory.unicodeScalars.last == "/" ? directory + name : directory + "/" + name
    }

    /// The last component (`/` for the root, the path itself when it has no `/`); trailing
    /// slashes are ignored.
    public static func name(of path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        if trimmed == "/" { return "/" }
        let scalars = trimmed.unicodeScalars
        guard let slash = scalars.lastIndex(of: "/") else { return trimmed }
        return String(scalars[scalars.index(after: slash)...])
    }

    /// Everything before the last component: `/a` for `/a/b`, `/` for `/a`, `.` for `a`.
    public static func parent(of path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        let scalars = trimmed.unicodeScalars
        guard let slash = scalars.lastIndex(of: "/") else { return "." }
        if slash == scalars.startIndex { return "/" }
        return String(scalars[..<slash])
    }

    /// `name` in the directory that holds `path`: `/a/c` for `/a/b`; a bare name stays bare
    /// (`c` for `b`), so a relative path keeps its form.
    public static func sibling(of path: String, named name: String) -> String {
        path.unicodeScalars.contains("/") ? join(parent(of: path), name) : name
    }

    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var trimmed = Substring(path).unicodeScalars
        while trimmed.count > 1 && trimmed.last == "/" { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }
}
