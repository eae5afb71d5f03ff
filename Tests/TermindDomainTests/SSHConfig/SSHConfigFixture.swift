import TermindDomain

/// An in-memory home for SSHConfigReader: files by absolute path, and a glob over them that
/// behaves like glob(3) for the patterns the tests use (`*` and `?` within one path component,
/// no leading dot matched by a wildcard, results sorted).
struct SSHConfigFixture {
    struct Unreadable: Error, CustomStringConvertible {
        let path: String
        var description: String { "no such file" }
    }

    static let home = "/home/alice"
    var files: [String: String]

    init(_ files: [String: String]) { self.files = files }

    /// A fixture whose `~/.ssh/config` is `config`, plus other files relative to `~/.ssh`.
    init(config: String, others: [String: String] = [:]) {
        var files = ["\(Self.home)/.ssh/config": config]
        for (name, text) in others { files[name.hasPrefix("/") ? name : "\(Self.home)/.ssh/\(name)"] = text }
        self.files = files
    }

    var reader: SSHConfigReader {
        let files = files
        return SSHConfigReader(
            home: Self.home, localUser: "alice", localHostname: "desk.example.org",
            readFile: { path in
                guard let text = files[path] else { throw Unreadable(path: path) }
                return text
            },
            expandGlob: { pattern in files.keys.filter { Self.glob(pattern, matches: $0) }.sorted() })
    }

    var configPath: String { "\(Self.home)/.ssh/config" }

    func read() -> SSHConfigResolution { reader.read(configPath) }

    func host(_ alias: String) -> SSHConfigHost? { read().hosts.first { $0.alias == alias } }

    func resolve(_ name: String) -> SSHConfigHost { reader.resolve(name, in: configPath) }

    static func glob(_ pattern: String, matches path: String) -> Bool {
        let patternParts = pattern.split(separator: "/", omittingEmptySubsequences: false)
        let pathParts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard patternParts.count == pathParts.count else { return false }
        return zip(patternParts, pathParts).allSatisfy { part, name in
            if name.hasPrefix(".") && !part.hasPrefix(".") { return false }
            return wildcard(Array(part), Array(name))
        }
    }

    private static func wildcard(_ pattern: [Character], _ name: [Character]) -> Bool {
        guard let first = pattern.first else { return name.isEmpty }
        if first == "*" {
            return (0...name.count).contains { wildcard(Array(pattern.dropFirst()), Array(name.dropFirst($0))) }
        }
        guard let head = name.first, first == "?" || first == head else { return false }
        return wildcard(Array(pattern.dropFirst()), Array(name.dropFirst()))
    }
}
