/// Reads a configuration file and, recursively, the files its `Include` lines name, through the
/// reader's closures (readconf.c `read_config_file_depth` and `Include`).
///
/// Includes are followed whether or not their block applies (OpenSSH parses them all and only
/// applies the active ones). A relative path is taken from `~/.ssh`; `~` is the home that
/// glob(3)'s `GLOB_TILDE` uses (`$HOME`). OpenSSH allows 16 levels of nesting and stops with an
/// error beyond that, which a loop always reaches; here a loop (a file that is already being
/// read) or a 17th level is a note that refuses the configuration, as ssh refuses it, and
/// that one Include is not followed.
struct SSHConfigLoader {
    static let maximumDepth = 16
    private static let openSSHStops = "OpenSSH stops with \"Too many recursive configuration includes\""

    let readFile: (String) throws -> String
    let expandGlob: (String) -> [String]
    let includeHome: String
    let localUser: String
    /// ssh's environment, for the few `${VAR}` it expands while it reads.
    var environment: [String: String] = [:]
    var log: SSHConfigNoteLog
    private var lines: [String: [(SSHConfigStatement?, [SSHConfigNote])]] = [:]

    init(readFile: @escaping (String) throws -> String, expandGlob: @escaping (String) -> [String],
         includeHome: String, localUser: String, log: SSHConfigNoteLog) {
        self.readFile = readFile
        self.expandGlob = expandGlob
        self.includeHome = includeHome
        self.localUser = localUser
        self.log = log
    }

    /// The top-level file, or nil (with a note) when it cannot be read.
    mutating func load(_ path: String) -> SSHConfigFile? {
        do {
            return try load(path, depth: 0, reading: [])
        } catch {
            log.add(SSHConfigNote(location: SSHConfigLocation(file: path, line: 0), keyword: "", message: "cannot be read: \(error)"))
            return nil
        }
    }

    private mutating func load(_ path: String, depth: Int, reading: [String]) throws -> SSHConfigFile {
        log.reached(path)
        let parsed = try parsedLines(of: path)
        var statements: [SSHConfigStatement] = []
        for (statement, notes) in parsed {
            log.add(contentsOf: notes)
            guard var statement else { continue }
            if case .include(let patterns) = statement.directive {
                statement.included = includedFiles(patterns, from: statement, depth: depth, reading: reading + [path])
            }
            statements.append(statement)
        }
        return SSHConfigFile(path: path, statements: statements)
    }

    /// Each file is split into statements once, however often it is included.
    private mutating func parsedLines(of path: String) throws -> [(SSHConfigStatement?, [SSHConfigNote])] {
        if let cached = lines[path] { return cached }
        let text = try readFile(path)
        let parsed = SSHConfigLexer.lines(text).enumerated().map { index, line in
            SSHConfigStatement.parse(line, at: SSHConfigLocation(file: path, line: index + 1), environment: environment)
        }
        lines[path] = parsed
        return parsed
    }

    private mutating func includedFiles(_ patterns: [String], from statement: SSHConfigStatement, depth: Int, reading: [String])
        -> [SSHConfigFile]
    {
        func note(_ message: String, refused: Bool = false) {
            log.add(SSHConfigNote(
                location: statement.location, keyword: statement.keyword, message: message, refusedByOpenSSH: refused))
        }
        var files: [SSHConfigFile] = []
        for pattern in patterns {
            let absolute: String
            if pattern.hasPrefix("~") {
                switch SSHConfigExpansion.tilde(pattern, home: includeHome, localUser: localUser) {
                case .success(let path): absolute = path
                case .failure(let problem):
                    note("\(problem.message); \(pattern) not read")
                    continue
                }
            } else if pattern.hasPrefix("/") {
                absolute = pattern
            } else {
                absolute = includeHome + (includeHome.hasSuffix("/") ? "" : "/") + ".ssh/" + pattern
            }
            let paths = expandGlob(absolute)
            if paths.isEmpty, !absolute.contains(where: { "*?[".contains($0) }) {
                note("\(absolute) does not exist (OpenSSH skips it too)")
            }
            for path in paths {
                if reading.contains(path) {
                    note("Include loop: \(path) is already being read (\(Self.openSSHStops))", refused: true)
                    continue
                }
                if depth + 1 > Self.maximumDepth {
                    note("Include nested deeper than \(Self.maximumDepth) levels at \(path) (\(Self.openSSHStops))", refused: true)
                    continue
                }
                do {
                    files.append(try load(path, depth: depth + 1, reading: reading))
                } catch {
                    note("\(path) cannot be read: \(error)", refused: true)
                }
            }
        }
        return files
    }
}
