/// The directory a new shell starts in: the one the pane's last shell reported (OSC 7), so a
/// reconnect or a split keeps the person's place. The path is text from the server, so it never
/// reaches a shell as code: `command(then:)` writes it as octal escapes that `printf %b` turns
/// back into bytes, the only characters on the command line being letters, digits, `/ . _ -`
/// and backslashes before digits, which no shell (sh, bash, zsh, fish, csh) reads as quoting,
/// expansion, a separator or an option. A directory gone since leaves the shell in the home
/// directory with a line saying so. A plain value.
public struct ShellStartDirectory: Sendable, Hashable {
    /// Longer paths are not restored (Linux's `PATH_MAX`).
    public static let maximumLength = 4_096

    public let path: String

    /// Nil unless `path` is absolute (so never an option), without NUL and at most
    /// `maximumLength` bytes.
    public init?(_ path: String) {
        guard path.hasPrefix("/"), !path.utf8.contains(0), path.utf8.count <= Self.maximumLength else { return nil }
        self.path = path
    }

    /// A session command for the server's login shell: `sh` changes to the directory (or says
    /// it is gone), then runs `command` (a trusted command line of termind's own: the shell
    /// integration's, or a login shell's). Only `command` is quoted; the path is escaped.
    public func command(then command: String) -> String {
        let script = #"d=$(printf "%b." ""# + Self.escaped(path) + #"") && d=${d%.} && "#
            + #"{ cd -- "$d" 2>/dev/null || printf "termind: %s no longer exists; the shell starts in the home directory\r\n" "$d"; }; "#
            + #"exec sh -c "$1""#
        return "exec sh -c '" + script + "' sh " + Self.singleQuoted(command)
    }

    /// The login shell a plain (not integrated) session runs after the `cd`.
    public static let loginShell = #"exec "${SHELL:-/bin/sh}" -l"#

    /// Every byte outside `A-Z a-z 0-9 / . _ -` as `\0ooo`, which `printf %b` reads as that byte.
    static func escaped(_ path: String) -> String {
        var text = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                text.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let octal = String(byte, radix: 8)
                text += "\\0" + String(repeating: "0", count: 3 - octal.count) + octal
            }
        }
        return text
    }

    /// `text` in single quotes for a POSIX shell (each `'` as `'\''`).
    static func singleQuoted(_ text: String) -> String {
        "'" + text.replacing("'", with: #"'\''"#) + "'"
    }
}
