import TermindDomain

/// `termind hosts show LABEL [--json]`
struct HostsShowCommand: ShowRecordCommand {
    static let kind = VaultRecordKind.host
    let options: RecordOptions

    func view(in snapshot: VaultSnapshot) throws -> HostView {
        HostView(try require(snapshot.host(label)), in: snapshot)
    }

    func text(of view: HostView) -> String {
        var details = DetailList()
        details.add("label", view.label)
        details.add("hostname", view.hostname)
        details.add("port", String(view.port))
        details.add("user", view.user ?? "-")
        details.add("identity", view.identity ?? "-")
        details.add("jumps", view.jumps.isEmpty ? "-" : view.jumps.joined(separator: " → "))
        details.add("tags", view.tags.isEmpty ? "-" : view.tags.joined(separator: ", "))
        details.add("notes", view.notes)
        details.add("clipboard", view.clipboardWrites ? "remote programs may set it (OSC 52)" : "remote programs may not set it")
        details.add("shell integration", view.shellIntegration ? "on (bash and zsh record command history)" : "off")
        details.add("share", view.share ? "on (workbench panes share one connection)" : "off (each pane connects on its own)")
        details.add("reconnect", view.reconnect == ReconnectPolicy.auto.rawValue
            ? "auto (a lost pane reconnects by itself when logging in needs no person)" : "manual (a lost pane waits for you)")
        details.add("keepalive", view.keepalive == 0 ? "off (a dead server is noticed only by TCP)"
            : "every \(view.keepalive) s of silence; lost after \(view.keepaliveCount) unanswered")
        details.add("metrics interval", "\(view.metricsInterval) s")
        details.add("forwards", view.forwards.isEmpty ? "-"
            : view.forwards.map { $0.rule + ($0.enabled ? "" : " (disabled)") }.joined(separator: ", "))
        return details.text
    }
}
