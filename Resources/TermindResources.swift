import Foundation

/// The files Termind reads at run time, shipped in the binary's resource bundle: the default
/// keymap and the shell-integration scripts (`shell/`). A namespace of pure reads; safe from
/// any thread.
public enum TermindResources {
    /// The text of `keymap.default`, the bindings every person starts from (their own keymap is
    /// layered over it). Throws when the bundle is incomplete (a broken install).
    public static func defaultKeymap() throws -> String {
        try text(of: "keymap", extension: "default", what: "the default keymap")
    }

    /// The command an SSH session runs, on its PTY, to start the person's login shell with
    /// Termind's shell integration (docs/behaviour.md §3): a fixed line, the same for every
    /// session, that any login shell (sh, bash, zsh, fish, csh) passes on untouched. It turns
    /// the terminal's echo off, says it is ready (OSC 133;I;ready) and reads the bootstrap
    /// (`shellIntegrationProgram`) from the terminal with `sh -s`; when `stty` fails, the plain
    /// login shell starts and termind is told integration is off (OSC 133;I;off).
    public static let shellIntegrationCommand =
        #"exec sh -c 'stty -echo 2>/dev/null && printf "\033]133;I;ready\007" && exec sh -s 2>/dev/null; "#
        + #"printf "\033]133;I;off\007"; exec "${SHELL:-/bin/sh}" -l'"#

    /// The bootstrap `shellIntegrationCommand` reads: `shell/bootstrap.sh` with the bash and zsh
    /// scripts in place, each mark carrying `token` (32 hex digits), ending with a newline.
    /// Throws when the bundle is incomplete (a broken install).
    public static func shellIntegrationProgram() throws -> @Sendable (_ token: String) -> String {
        let bootstrap = try text(of: "bootstrap", extension: "sh", what: "the shell-integration bootstrap")
            .replacingOccurrences(of: "@TERMIND_BASH@", with: try text(of: "integration", extension: "bash", what: "the bash integration"))
            .replacingOccurrences(of: "@TERMIND_ZSH@", with: try text(of: "integration", extension: "zsh", what: "the zsh integration"))
        return { token in
            precondition(token.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) })
            return bootstrap.replacingOccurrences(of: "@TERMIND_TOKEN@", with: token)
        }
    }

    /// The script of a Host's metrics sampler (docs/behaviour.md §9): `metrics/sampler.sh` with
    /// its interval (whole seconds, 1...3600) and whether to report file systems in place, and
    /// `@@boundary@@` left for each run's boundary. `MetricsSampler` writes it to `sh -s` on an
    /// exec channel, so nothing is written on the server and no process's arguments hold it;
    /// `termind-bench metrics` runs it to measure its cost.
    public static func metricsSamplerScript(interval: Int, filesystems: Bool) throws -> String {
        try text(of: "sampler", extension: "sh", what: "the metrics sampler")
            .replacingOccurrences(of: "@@interval@@", with: String(min(max(interval, 1), 3600)))
            .replacingOccurrences(of: "@@filesystems@@", with: filesystems ? "1" : "0")
    }

    private static func text(of name: String, extension pathExtension: String, what: String) throws -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: pathExtension)
            ?? Bundle.module.url(forResource: name, withExtension: pathExtension, subdirectory: "shell")
            ?? Bundle.module.url(forResource: name, withExtension: pathExtension, subdirectory: "metrics")
        else {
            throw CocoaError(.fileNoSuchFile, userInfo: [
                NSLocalizedDescriptionKey: "\(what) is missing from termind's resource bundle; reinstall termind",
            ])
        }
        return try String(contentsOf: url, encoding: .utf8)
    }
}
