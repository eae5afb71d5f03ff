import Foundation

/// The options every connecting command shares (`exec`, `ssh`, `known-hosts check`):
/// prompting, trust of new host keys, and an ad-hoc target's user and key file.
struct ConnectionOptions {
    static let definitions: [OptionDefinition] = [
        .flag("batch", help: "Never prompt; what would need a prompt fails with exit 6 (implied without a terminal)"),
        .flag("accept-new", help: "Save unknown host keys without asking (a changed key still fails)"),
        .flag("no-system-known-hosts", help: "Do not consult ~/.ssh/known_hosts"),
        .option("identity-file", short: "i", .path, valueName: "KEYFILE", help: "Private key for an ad-hoc target"),
        .option("login", short: "l", valueName: "USER", help: "User for an ad-hoc target"),
        .option("connect-timeout", .integer(1...3600), valueName: "SECONDS", help: "Give up connecting after this long (default 15)"),
    ]

    /// `--io-timeout`, for the commands that work on a Host's files over SFTP.
    static let ioTimeout = OptionDefinition.option(
        "io-timeout", .integer(1...86_400), valueName: "SECONDS",
        help: "Give up when the server leaves an SFTP request unanswered this long (default 60)")

    /// `--no-share`, for the commands that may use a connection another termind process shares.
    static let noShareOption = OptionDefinition.flag(
        "no-share", help: "Connect with a handshake of its own even when another termind process shares a connection to the Host")

    /// The same without `-l` for the login: `ls -l` means a long listing, as everywhere.
    static let definitionsWithoutShortLogin: [OptionDefinition] = definitions.map { option in
        guard option.short == "l" else { return option }
        return OptionDefinition(long: option.long, short: nil, kind: option.kind, help: option.help, isGlobal: option.isGlobal)
    }

    let batch: Bool
    let acceptNew: Bool
    let systemKnownHosts: Bool
    let identityFile: String?
    let login: String?
    let connectTimeout: Duration
    /// How long an SFTP request may wait for its answer (`--io-timeout`).
    let ioTimeout: Duration
    let dataDirectory: String?
    /// `--no-share`.
    let noShare: Bool

    init(_ parsed: ParsedCommandLine) {
        batch = parsed.flag("batch")
        acceptNew = parsed.flag("accept-new")
        systemKnownHosts = !parsed.flag("no-system-known-hosts")
        identityFile = parsed.value("identity-file")
        login = parsed.value("login")
        connectTimeout = .seconds(parsed.integer("connect-timeout") ?? 15)
        ioTimeout = .seconds(parsed.integer("io-timeout") ?? 60)
        dataDirectory = parsed.value("data-dir")
        noShare = parsed.flag("no-share")
    }

    /// For a connection made while a shell completes a word: never prompting, giving up fast.
    init(completingWith dataDirectory: String?) {
        batch = true
        acceptNew = false
        systemKnownHosts = true
        identityFile = nil
        login = nil
        connectTimeout = .seconds(3)
        ioTimeout = .seconds(3)
        self.dataDirectory = dataDirectory
        noShare = true
    }

    /// For `termind mcp`: never prompting (its terminal is an agent's), new host keys refused.
    init(agentWith dataDirectory: String?, connectTimeout: Int, systemKnownHosts: Bool) {
        batch = true
        acceptNew = false
        self.systemKnownHosts = systemKnownHosts
        identityFile = nil
        login = nil
        self.connectTimeout = .seconds(connectTimeout)
        ioTimeout = .seconds(60)
        self.dataDirectory = dataDirectory
        noShare = false
    }

    /// Prompts are allowed only with a terminal to ask on and without `--batch`.
    var mayPrompt: Bool {
        guard !batch else { return false }
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY)
        guard tty >= 0 else { return false }
        close(tty)
        return true
    }
}
