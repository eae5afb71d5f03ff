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
    /// Termind's shell integration (docs/behaviour.md §3): `shell/bootstrap.sh` with the bash
    /// and zsh scripts in place, base64-encoded inside a one-line `sh -c` that any login shell
    /// (sh, bash, zsh, fish, csh) passes on untouched. When the server cannot decode it, the
    /// plain login shell starts and termind is told integration is off (OSC 133;I;off).
    public static func shellIntegrationCommand() throws -> String {
        let bootstrap = try text(of: "bootstrap", extension: "sh", what: "the shell-integration bootstrap")
            .replacingOccurrences(of: "@TERMIND_BASH@", with: try text(of: "integration", extension: "bash", what: "the bash integration"))
            .replacingOccurrences(of: "@TERMIND_ZSH@", with: try text(of: "integration", extension: "zsh", what: "the zsh integration"))
        let encoded = Data(bootstrap.utf8).base64EncodedString()
        return #"exec sh -c 'eval "$(echo \#(encoded) | base64 -d 2>/dev/null)"; printf "\033]133;I;off\007"; exec "${SHELL:-/bin/sh}" -l'"#
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
