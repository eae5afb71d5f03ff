import TermindApplication
import TermindDomain

/// `termind.1`, the man page, in roff from the same declarations as `--help` and the
/// completions: every visible command with its arguments and options, the exit codes of
/// `ExitCode`, the workbench's keys (the default keymap's help rows, as `C-\ ?` lists them), and
/// the files and environment Termind reads (`XDGPaths`).
struct ManPage {
    let root: any Command.Type
    let version: String
    /// The default keymap's bindings, one row per action.
    var keys: [KeymapHelpRow] = []

    var text: String {
        let formatter = HelpFormatter(root: root)
        let definition = root.definition
        var page = """
            .TH TERMIND 1 "" "termind \(Self.escaped(version))" "User Commands"
            .SH NAME
            termind \\- \(Self.escaped(definition.abstract))
            .SH SYNOPSIS
            .B termind
            [\\fB\\-\\-data\\-dir\\fR \\fIDIR\\fR] [\\fICOMMAND\\fR] [\\fIOPTIONS\\fR] [\\fIARGUMENTS\\fR]

            """
        if let discussion = definition.discussion { page += ".SH DESCRIPTION\n" + Self.paragraph(discussion) }
        page += ".SH OPTIONS\n" + options(formatter.options(of: [root]))
        page += ".SH COMMANDS\n"
        func visit(_ chain: [any Command.Type], _ path: [String]) {
            for sub in HelpFormatter.visibleSubcommands(of: chain.last!) {
                let subchain = chain + [sub]
                let subpath = path + [sub.definition.name]
                let command = sub.definition
                let usage = formatter.usage(for: subpath).replacingOccurrences(of: "Usage: ", with: "")
                page += ".SS \(Self.quotedArgument(usage))\n" + Self.paragraph(command.abstract + ".")
                if let discussion = command.discussion { page += ".PP\n" + Self.paragraph(discussion) }
                for argument in command.arguments {
                    page += ".TP\n.I \(Self.quotedArgument(argument.synopsis))\n" + Self.paragraph(argument.help)
                }
                // Global options are described once, under OPTIONS.
                page += options(sub.definition.options)
                if !command.examples.isEmpty {
                    page += ".PP\nExamples:\n.RS\n.nf\n" + command.examples.map { Self.escaped($0) + "\n" }.joined() + ".fi\n.RE\n"
                }
                visit(subchain, subpath)
            }
        }
        visit([root], [])
        if !keys.isEmpty {
            page += ".SH WORKBENCH KEYS\n" + Self.paragraph("""
                The workbench's default bindings (C-\\ ? lists the ones in force). Your own go in \
                $XDG_CONFIG_HOME/termind/keymap, layered over these.
                """)
            for row in keys {
                page += ".TP\n.B \(Self.quotedArgument(row.keys))\n" + Self.paragraph(row.description)
            }
        }
        page += ".SH EXIT STATUS\n"
        for code in ExitCode.allCases {
            page += ".TP\n.B \(code.rawValue)\n" + Self.paragraph(code.meaning)
        }
        page += ".PP\n" + Self.paragraph("""
            exec with one Host and ssh exit with the remote command's status, and use \
            \(ExitCode.remoteCommandOwnFailure) for their own failures.
            """)
        page += """
            .SH ENVIRONMENT
            .TP
            .B TERMIND_HOME
            The directory of the Vault, unless \\fB\\-\\-data\\-dir\\fR is given.
            .TP
            .BR XDG_DATA_HOME ", " XDG_CONFIG_HOME ", " XDG_STATE_HOME
            Where the Vault, the vault key and the log live (absolute paths only).
            .TP
            .B TERMIND_VAULT_PASSPHRASE
            The master passphrase, read instead of asking on the terminal.
            .TP
            .B TERMIND_LOG_LEVEL
            How much the log records (\\fBdebug\\fR for more).
            .TP
            .B TERMIND_NO_KEYSTREAM
            \\fB1\\fR: libssh2's AES\\-CTR is computed by libcrypto a block at a time, not from Termind's keystream (slower; for diagnosis).
            .TP
            .B TERMIND_NO_CHANNEL_REARM
            \\fB1\\fR: closing a running command without a terminal sends it no signal (the server may leave it running).
            .TP
            .B NO_COLOR
            When set and not empty, the workbench draws its own chrome without colours.
            .TP
            .B SSH_AUTH_SOCK
            The ssh\\-agent whose keys authentication tries.
            .TP
            .B VISUAL\\fR, \\fBEDITOR
            The editor \\fBtermind edit\\fR and the workbench browser's \\fBe\\fR open (\\fBVISUAL\\fR first, else \\fBvi\\fR).
            .SH FILES
            .TP
            .I $XDG_DATA_HOME/termind/termind.db
            The Vault (SQLite), default \\fI~/.local/share/termind/termind.db\\fR.
            .TP
            .I $XDG_CONFIG_HOME/termind/vault.key
            The key that seals secrets when no master passphrase is set, mode 0600.
            .TP
            .I $XDG_STATE_HOME/termind/termind.log
            The log, default \\fI~/.local/state/termind/termind.log\\fR.
            .TP
            .I $XDG_STATE_HOME/termind/partials/
            Records of partial transfer files, for \\fB\\-\\-resume\\fR.
            .SH SEE ALSO
            .BR ssh (1),
            .BR sftp (1),
            .BR ssh_config (5)

            """
        return page
    }

    private func options(_ options: [OptionDefinition]) -> String {
        options.map { option in
            var names = "\\fB\\-\\-\(Self.escaped(option.long))\\fR"
            if let short = option.short { names = "\\fB\\-\(short)\\fR, " + names }
            if case .value(let type, let valueName, _) = option.kind {
                names += " \\fI\(Self.escaped(valueName ?? type.placeholder))\\fR"
            }
            return ".TP\n\(names)\n" + Self.paragraph(option.help)
        }.joined()
    }

    /// Text with roff's special characters escaped: backslashes, hyphens (so they are not
    /// hyphenation points), and a leading dot or quote that would start a request.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
    }

    /// A paragraph, its source lines joined (roff fills them), safe to start with any character.
    private static func paragraph(_ text: String) -> String {
        let joined = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        return "\\&" + escaped(joined) + "\n"
    }

    private static func quotedArgument(_ text: String) -> String {
        "\"" + escaped(text).replacingOccurrences(of: "\"", with: "\\(dq") + "\""
    }
}
