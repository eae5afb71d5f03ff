import Foundation

/// Where Termind keeps its files, following the XDG Base Directory specification.
///
/// Pure: built from an environment dictionary and a home directory, so every precedence rule is
/// testable; `current(dataDirectoryOverride:)` reads the real process environment. A plain
/// value, `Sendable`.
///
/// - data (the Vault database): `--data-dir`, else `$TERMIND_HOME`, else
///   `$XDG_DATA_HOME/termind`, else `~/.local/share/termind`
/// - config (the vault key): `$XDG_CONFIG_HOME/termind`, else `~/.config/termind`
/// - state (the log file): `$XDG_STATE_HOME/termind`, else `~/.local/state/termind`
/// - cache (an edit's local copies): `$XDG_CACHE_HOME/termind`, else `~/.cache/termind`
///
/// An XDG variable that is empty or relative is ignored, as the specification requires.
/// `--data-dir` and `TERMIND_HOME` are the person's own choice: a relative one is taken from
/// the current directory and a leading `~/` means the home directory.
public struct XDGPaths: Sendable, Equatable {
    public let homeDirectory: String
    public let dataDirectory: String
    public let configDirectory: String
    public let stateDirectory: String
    public let cacheDirectory: String

    /// - Parameters:
    ///   - environment: the process environment (only the variables above are read).
    ///   - homeDirectory: the person's home, absolute.
    ///   - currentDirectory: resolves a relative `--data-dir` or `TERMIND_HOME`.
    ///   - dataDirectoryOverride: the `--data-dir` option, if given.
    public init(
        environment: [String: String], homeDirectory: String, currentDirectory: String = "/",
        dataDirectoryOverride: String? = nil
    ) {
        let home = Self.standardized(homeDirectory)
        self.homeDirectory = home

        func chosen(_ value: String?) -> String? {
            guard let value, !value.isEmpty else { return nil }
            var path = value
            if path == "~" {
                path = home
            } else if path.hasPrefix("~/") {
                path = home + "/" + path.dropFirst(2)
            } else if !path.hasPrefix("/") {
                path = currentDirectory + "/" + path
            }
            return Self.standardized(path)
        }
        func xdg(_ name: String, default relative: String) -> String {
            if let value = environment[name], value.hasPrefix("/") {
                return Self.standardized(value) + "/termind"
            }
            return home + "/" + relative + "/termind"
        }

        dataDirectory = chosen(dataDirectoryOverride) ?? chosen(environment["TERMIND_HOME"])
            ?? xdg("XDG_DATA_HOME", default: ".local/share")
        configDirectory = xdg("XDG_CONFIG_HOME", default: ".config")
        stateDirectory = xdg("XDG_STATE_HOME", default: ".local/state")
        cacheDirectory = xdg("XDG_CACHE_HOME", default: ".cache")
    }

    /// The Vault database: `<data>/termind.db`.
    public var databaseFile: String { dataDirectory + "/termind.db" }
    /// The key file that seals secrets when no master passphrase is set: `<config>/vault.key`.
    public var vaultKeyFile: String { configDirectory + "/vault.key" }
    /// The log: `<state>/termind.log`.
    public var logFile: String { stateDirectory + "/termind.log" }

    /// The paths for this process: its environment, `$HOME` (or the password database's home
    /// when `HOME` is unset or relative) and its current directory.
    public static func current(dataDirectoryOverride: String? = nil) -> XDGPaths {
        let environment = ProcessInfo.processInfo.environment
        var home = environment["HOME"] ?? ""
        if !home.hasPrefix("/") {
            home = FileManager.default.homeDirectoryForCurrentUser.path
        }
        return XDGPaths(
            environment: environment, homeDirectory: home,
            currentDirectory: FileManager.default.currentDirectoryPath,
            dataDirectoryOverride: dataDirectoryOverride)
    }

    /// Collapses `//`, `.` and `..` and drops a trailing slash, without touching the disk.
    private static func standardized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
