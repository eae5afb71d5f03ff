import TermindApplication
import TermindDomain

/// What `termind import` wrote, as `--json` prints it: the records in the shapes `hosts show`,
/// `identities show`, `keys show` and `known-hosts show` print, and the notes on what was left out.
struct ImportReportView: Encodable {
    let hosts: [HostView]
    let identities: [IdentityView]
    let keys: [KeyView]
    let knownHosts: [KnownHostView]
    let notes: [String]

    init(_ report: ImportReport, in snapshot: VaultSnapshot) {
        hosts = report.hosts.map { HostView($0, in: snapshot) }
        identities = report.identities.map { IdentityView($0, in: snapshot) }
        keys = report.keys.map { KeyView($0, in: snapshot) }
        knownHosts = report.knownHosts.map(KnownHostView.init)
        notes = report.notes
    }

    /// One line per record written, then a count.
    static func text(_ report: ImportReport, in snapshot: VaultSnapshot) -> String {
        guard !report.isEmpty else {
            return "nothing written: no selected item is new ('termind import --dry-run' shows each item's status)\n"
        }
        var lines: [String] = []
        for key in report.keys {
            let encrypted = key.isEncrypted ? (key.passphraseSecretID == nil ? ", encrypted" : ", encrypted, passphrase stored") : ""
            lines.append("imported Key '\(key.label)' \(key.fingerprint) (\(key.algorithm.displayName)\(encrypted))")
        }
        for identity in report.identities {
            let key = identity.keyID.flatMap { snapshot.key(id: $0)?.label.rawValue }.map { " with Key '\($0)'" } ?? ""
            lines.append("imported Identity '\(identity.label)' (\(identity.username)\(key))")
        }
        for host in report.hosts {
            let view = HostView(host, in: snapshot)
            var line = "imported Host '\(host.label)' \(view.user.map { "\($0)@" } ?? "")\(host.hostname):\(host.port)"
            if let identity = view.identity { line += " as Identity '\(identity)'" }
            if !view.jumps.isEmpty { line += " via \(view.jumps.joined(separator: ", "))" }
            lines.append(line)
        }
        for record in report.knownHosts {
            let marker = record.marker == .none ? "" : " (\(record.marker.rawValue))"
            lines.append("trusted \(record.pattern) \(record.keyType) \(record.fingerprint)\(marker)")
        }
        let counts = [
            (report.keys.count, "Key"), (report.identities.count, "Identity"), (report.hosts.count, "Host"),
            (report.knownHosts.count, "Known Host"),
        ].filter { $0.0 > 0 }.map { count, noun in
            "\(count) \(count == 1 ? noun : noun == "Identity" ? "Identities" : noun + "s")"
        }
        lines.append("wrote " + counts.joined(separator: ", "))
        return lines.joined(separator: "\n") + "\n"
    }
}
