import TermindApplication
import TermindDomain

/// `termind hosts edit LABEL [--label NEW] [--hostname H] [--port N] [--user U] [--identity L] ...`
struct HostsEditCommand: Command {
    static let definition = CommandDefinition(
        name: "edit", abstract: "Change a Host; options not given stay as they are",
        arguments: [.init("LABEL", .host, help: "The Host's label")],
        options: [
            .option("label", valueName: "NEW", help: "Rename the Host"),
            .option("hostname", valueName: "NAME", help: "DNS name or IP address"),
            .option("port", short: "p", .integer(1...65535), help: "SSH port"),
            .option("user", short: "l", valueName: "USER", help: "Log in as USER ('' removes it)"),
            .option("identity", valueName: "LABEL", help: "The Identity to log in with"),
            .flag("no-identity", help: "Unbind the Identity"),
            .option("jump", short: "J", valueName: "LABEL", repeating: true, help: "Replace the jump chain (repeat, in order)"),
            .flag("no-jump", help: "Clear the jump chain"),
            .option("tag", repeating: true, help: "Replace the tags (repeatable)"),
            .flag("no-tags", help: "Remove every tag"),
            .option("notes", valueName: "TEXT", help: "Replace the notes"),
        ] + HostsAddCommand.settingOptions + [
            .option("forward", valueName: "'L|R|D SPEC'", repeating: true,
                    help: "Add a forwarding rule, enabled: 'L 8080:localhost:80', 'R 9000:localhost:3000', 'D 1080'"),
            .option("remove-forward", valueName: "'L|R|D SPEC'", repeating: true, help: "Remove a forwarding rule"),
            .option("enable-forward", valueName: "'L|R|D SPEC'", repeating: true, help: "Run this rule with 'termind forward HOST'"),
            .option("disable-forward", valueName: "'L|R|D SPEC'", repeating: true, help: "Keep this rule but do not run it"),
        ])

    let label: String
    let newLabel: String?
    var fields: HostFields
    let dataDirectory: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        label = parsed.argument("LABEL")!
        newLabel = parsed.value("label")
        if parsed.flag("no-identity") && parsed.value("identity") != nil {
            throw UsageError("--identity and --no-identity contradict each other")
        }
        if parsed.flag("no-jump") && !parsed.values("jump").isEmpty { throw UsageError("--jump and --no-jump contradict each other") }
        if parsed.flag("no-tags") && !parsed.values("tag").isEmpty { throw UsageError("--tag and --no-tags contradict each other") }
        let jumps = parsed.values("jump")
        let tags = parsed.values("tag")
        fields = HostFields(
            hostname: parsed.value("hostname"), port: parsed.integer("port"), username: parsed.value("user"),
            identity: parsed.flag("no-identity") ? "" : parsed.value("identity"),
            jumps: parsed.flag("no-jump") ? [] : (jumps.isEmpty ? nil : jumps),
            tags: parsed.flag("no-tags") ? [] : (tags.isEmpty ? nil : tags),
            notes: parsed.value("notes"), allowsClipboardWrites: parsed.value("clipboard").map { $0 == "allow" },
            usesShellIntegration: parsed.value("shell-integration").map { $0 == "on" },
            sharesConnection: parsed.value("share").map { $0 == "on" })
        fields.keepaliveInterval = parsed.integer("keepalive")
        fields.keepaliveCountMax = parsed.integer("keepalive-count")
        fields.metricsInterval = parsed.integer("metrics-interval")
        fields.reconnect = parsed.value("reconnect").flatMap(ReconnectPolicy.init(rawValue:))
        do {
            fields.addForwards = try parsed.values("forward").map { text throws(ForwardRuleError) in try ForwardRule(parsingStored: text) }
            fields.removeForwards = try parsed.values("remove-forward").map { text throws(ForwardRuleError) in try ForwardRule(parsingStored: text) }
            fields.enableForwards = try parsed.values("enable-forward").map { text throws(ForwardRuleError) in try ForwardRule(parsingStored: text) }
            fields.disableForwards = try parsed.values("disable-forward").map { text throws(ForwardRuleError) in try ForwardRule(parsingStored: text) }
        } catch {
            throw UsageError(error.description)
        }
        dataDirectory = parsed.value("data-dir")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let host = try await VaultAccess(context, dataDirectory: dataDirectory).editor()
            .editHost(label, fields, newLabel: newLabel)
        context.out("updated Host '\(host.label)'\n")
        return 0
    }
}
