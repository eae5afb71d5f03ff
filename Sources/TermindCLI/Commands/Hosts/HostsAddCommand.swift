import TermindApplication
import TermindDomain

/// `termind hosts add LABEL --hostname H [--port N] [--user U] [--identity L] [--jump L]... [--tag T]...`
struct HostsAddCommand: Command {
    static let definition = CommandDefinition(
        name: "add", abstract: "Add a Host",
        arguments: [.init("LABEL", help: "A label to call the Host by (no spaces, ':' or '@')")],
        options: [
            .option("hostname", valueName: "NAME", help: "DNS name or IP address (required)"),
            .option("port", short: "p", .integer(1...65535), help: "SSH port (default 22)"),
            .option("user", short: "l", valueName: "USER", help: "Log in as USER (overrides the Identity's username)"),
            .option("identity", valueName: "LABEL", help: "The Identity to log in with"),
            .option("jump", short: "J", valueName: "LABEL", repeating: true, help: "Hop through this Host first (repeat, in order)"),
            .option("tag", repeating: true, help: "A tag (repeatable)"),
            .option("notes", valueName: "TEXT", help: "Free-form notes"),
        ] + settingOptions,
        examples: ["termind hosts add web --hostname 10.0.0.5 --port 2222 --identity deploy --jump bastion --tag prod"])

    /// The Host's settings, as `hosts add` and `hosts edit` both take them.
    static let settingOptions: [OptionDefinition] = [
        .option("clipboard", .choice(["allow", "deny"]), valueName: "allow|deny",
                help: "Whether remote programs in this Host's panes may set your clipboard (OSC 52; default deny)"),
        .option("shell-integration", .choice(["on", "off"]), valueName: "on|off",
                help: "Start bash and zsh with Termind's integration, for the command history (default on)"),
        .option("share", .choice(["on", "off"]), valueName: "on|off",
                help: "Workbench panes on this Host share one connection, one authentication (default on)"),
        .option("reconnect", .choice(ReconnectPolicy.allCases.map(\.rawValue)), valueName: "auto|manual",
                help: "Reconnect a lost workbench pane by itself when logging in needs no person (default auto)"),
        .option("keepalive", .integer(0...86_400), valueName: "SECONDS",
                help: "Ask the server for an answer after this much silence; 0 sends none (default 30, as ServerAliveInterval)"),
        .option("keepalive-count", .integer(1...1_000), valueName: "N",
                help: "Unanswered keepalives before the connection counts as lost (default 3, as ServerAliveCountMax)"),
        .option("metrics-interval", .integer(1...3_600), valueName: "SECONDS",
                help: "Seconds between samples of the server's metrics (default 2)"),
    ]

    let label: String
    var fields: HostFields
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        label = parsed.argument("LABEL")!
        guard let hostname = parsed.value("hostname") else { throw UsageError("--hostname is required") }
        fields = HostFields(
            hostname: hostname, port: parsed.integer("port"), username: parsed.value("user"),
            identity: parsed.value("identity"), jumps: parsed.values("jump"), tags: parsed.values("tag"),
            notes: parsed.value("notes"), allowsClipboardWrites: parsed.value("clipboard").map { $0 == "allow" },
            usesShellIntegration: parsed.value("shell-integration").map { $0 == "on" },
            sharesConnection: parsed.value("share").map { $0 == "on" })
        fields.keepaliveInterval = parsed.integer("keepalive")
        fields.keepaliveCountMax = parsed.integer("keepalive-count")
        fields.metricsInterval = parsed.integer("metrics-interval")
        fields.reconnect = parsed.value("reconnect").flatMap(ReconnectPolicy.init(rawValue:))
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let host = try await VaultAccess(context, dataDirectory: dataDirectory).editor().addHost(label, fields)
        context.out("added Host '\(host.label)' (\(host.hostname):\(host.port))\n")
        return 0
    }
}
