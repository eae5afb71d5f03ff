import TermindDomain

/// The preview as `import --dry-run` prints it for a person: one table per list, with each
/// item's index (starred when the given selection takes it) and status, then what was skipped.
struct ImportPreviewText {
    let preview: ImportPreview
    let plan: ImportPlan?

    init(_ preview: ImportPreview, plan: ImportPlan?) {
        self.preview = preview
        self.plan = plan
    }

    var text: String {
        var sections = ["Preview of \(preview.folder): nothing has been written.\n"]
        sections.append(section("Hosts", hostTable(), preview.hosts.isEmpty, notes: preview.hosts.flatMap { host in
            host.notes.map { "host \(host.index): \($0)" }
        }))
        sections.append(section("Identities", identityTable(), preview.identities.isEmpty))
        sections.append(section("Keys", keyTable(), preview.keys.isEmpty, notes: preview.keys.flatMap { key in
            key.warnings.map { "key \(key.index): \($0)" }
        }))
        sections.append(section("Known Hosts", knownHostTable(), preview.knownHosts.isEmpty))
        var skipped = OutputTable("PATH", "KIND", "REASON")
        for item in preview.skipped { skipped.add(item.location.description, item.kind.rawValue, item.reason) }
        sections.append(section("Skipped", skipped, preview.skipped.isEmpty))
        if let plan {
            sections.append(plan.notes.map { "note: \($0)\n" }.joined())
        } else if preview.hasNewItems {
            sections.append(
                "Import with --all, or name items (label or index) with --hosts, --identities, --keys; "
                    + "--known-hosts takes every new Known Host.\n")
        }
        return sections.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    private func section(_ title: String, _ table: OutputTable, _ empty: Bool, notes: [String] = []) -> String {
        guard !empty else { return "\(title): none\n" }
        return "\(title)\n" + table.text + notes.map { "  \($0)\n" }.joined()
    }

    private func marked(_ index: Int, _ selected: Bool) -> String { selected ? "*\(index)" : "\(index)" }

    private static func status(_ status: ImportStatus) -> String {
        switch status {
        case .new: "new"
        case .existing(let label): "existing ('\(label)')"
        case .conflict(let reason), .cannotImport(let reason): "\(status.name): \(reason)"
        }
    }

    private func hostTable() -> OutputTable {
        let chosen = Set(plan?.hosts.map(\.index) ?? [])
        var table = OutputTable("#", "ALIAS", "HOSTNAME", "PORT", "USER", "IDENTITY", "PROXYJUMP", "STATUS")
        for host in preview.hosts {
            table.add(
                marked(host.index, chosen.contains(host.index)), host.alias, host.hostname, String(host.port), host.user ?? "-",
                host.identityIndexes.first.map { preview.identity($0).label } ?? "-",
                host.proxyJump.isEmpty ? "-" : host.proxyJump.joined(separator: ","), Self.status(host.status))
        }
        return table
    }

    private func identityTable() -> OutputTable {
        let chosen = Set(plan?.identities.map(\.index) ?? [])
        var table = OutputTable("#", "LABEL", "USERNAME", "KEY", "STATUS")
        for identity in preview.identities {
            table.add(
                marked(identity.index, chosen.contains(identity.index)), identity.label, identity.username,
                preview.key(identity.keyIndex).label, Self.status(identity.status))
        }
        return table
    }

    private func keyTable() -> OutputTable {
        var table = OutputTable("#", "LABEL", "TYPE", "FINGERPRINT", "ENCRYPTED", "STATUS")
        for key in preview.keys {
            table.add(
                marked(key.index, plan?.keys.contains(key.index) ?? false), key.label,
                key.publicKey.map { "\($0.algorithm.displayName) \($0.bits)" } ?? key.format.rawValue.uppercased(),
                key.publicKey?.fingerprint.description ?? "-", key.isEncrypted ? "yes" : "no", Self.status(key.status))
        }
        return table
    }

    private func knownHostTable() -> OutputTable {
        var table = OutputTable("#", "PATTERN", "TYPE", "FINGERPRINT", "FROM", "STATUS")
        for item in preview.knownHosts {
            let marker = item.record.marker == .none ? "" : item.record.marker.rawValue + " "
            table.add(
                marked(item.index, plan?.knownHosts.contains(item.index) ?? false), marker + item.record.pattern,
                item.record.keyType, item.record.fingerprint.description, item.location.description, Self.status(item.status))
        }
        return table
    }
}
