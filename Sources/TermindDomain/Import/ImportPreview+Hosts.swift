/// Hosts and the Identities derived from them: statuses against the Vault, Identity pairs and
/// ProxyJump hops.
extension ImportPreview {
    mutating func assembleHosts(_ found: [ImportHostItem], vault: VaultSnapshot) {
        hosts = found
        for index in hosts.indices { hosts[index].index = index + 1 }
        deriveIdentities()
        for index in identities.indices { giveStatus(toIdentity: index, vault: vault) }
        for index in hosts.indices {
            giveStatus(toHost: index, vault: vault)
            resolveHops(ofHost: index, vault: vault)
        }
    }

    /// One Identity per distinct (User, key) pair where the IdentityFile is a key in the folder.
    private mutating func deriveIdentities() {
        var byPair: [String: Int] = [:]
        for hostIndex in hosts.indices {
            guard let user = hosts[hostIndex].user, !user.isEmpty else { continue }
            for file in hosts[hostIndex].identityFiles {
                guard let key = keys.first(where: { $0.path == file }) else { continue }
                let pair = "\(user)\u{0}\(key.index)"
                let index: Int
                if let known = byPair[pair] {
                    index = known
                } else {
                    var identity = ImportIdentityItem(
                        label: ImportLabel.sanitized("\(user)-\(key.label)"), username: user, keyIndex: key.index)
                    identity.index = identities.count + 1
                    identities.append(identity)
                    index = identity.index
                    byPair[pair] = index
                }
                if !hosts[hostIndex].identityIndexes.contains(index) { hosts[hostIndex].identityIndexes.append(index) }
            }
        }
    }

    private mutating func giveStatus(toIdentity index: Int, vault: VaultSnapshot) {
        let item = identities[index]
        let key = self.key(item.keyIndex)
        switch key.status {
        case .cannotImport(let reason):
            identities[index].status = .cannotImport(reason: "its Key '\(key.label)' cannot be imported: \(reason)")
            return
        case .conflict(let reason):
            identities[index].status = .cannotImport(reason: "its Key '\(key.label)' conflicts with the Vault: \(reason)")
            return
        case .existing:
            if let existing = vault.identities.first(where: { $0.username == item.username && $0.keyID == key.existingKeyID }) {
                identities[index].status = .existing(label: existing.label.rawValue)
                identities[index].existingIdentityID = existing.id
                return
            }
        case .new:
            break
        }
        do {
            let label = try Label(item.label)
            _ = try Identity(label: label, username: item.username)
            if let taken = vault.identity(label.rawValue) {
                identities[index].status = .conflict(
                    reason: "the Vault has another Identity labelled '\(label)' (user \(taken.username))")
            }
        } catch {
            identities[index].status = .cannotImport(reason: error.description)
        }
    }

    private mutating func giveStatus(toHost index: Int, vault: VaultSnapshot) {
        let item = hosts[index]
        do {
            let label = try Label(item.alias)
            try Host.checkLabel(label)
            let port = try Port(item.port)
            try Host.checkHostname(item.hostname)
            guard let existing = vault.host(label.rawValue) else { return }
            if existing.hostname == item.hostname, existing.port == port, existing.username == item.user {
                hosts[index].status = .existing(label: existing.label.rawValue)
                hosts[index].existingHostID = existing.id
            } else {
                let login = existing.username.map { "\($0)@" } ?? ""
                hosts[index].status = .conflict(
                    reason: "the Vault has another Host labelled '\(label)' (\(login)\(existing.hostname):\(existing.port))")
            }
        } catch {
            hosts[index].status = .cannotImport(reason: error.description)
        }
    }

    /// Each hop must name a Host (of the config, or in the Vault) that it reaches as written: a
    /// hop with its own user or port must agree with that Host's.
    private mutating func resolveHops(ofHost index: Int, vault: VaultSnapshot) {
        var targets: [ImportHopTarget] = []
        var problems: [String] = []
        for (hop, parsed) in zip(hosts[index].proxyJump, hosts[index].proxyJumpHops) {
            let (user, name, port) = (parsed.user, parsed.host, parsed.port)
            if name == hosts[index].alias {
                problems.append("ProxyJump hop '\(hop)' is this Host itself")
            } else if let item = hosts.first(where: { $0.alias == name }) {
                if let mismatch = Self.mismatch(hop, user: user, port: port, label: name, hostUser: item.user, hostPort: item.port) {
                    problems.append(mismatch)
                } else {
                    targets.append(.item(item.index))
                }
            } else if let host = vault.host(name) {
                if let mismatch = Self.mismatch(
                    hop, user: user, port: port, label: name, hostUser: host.username, hostPort: host.port.rawValue)
                {
                    problems.append(mismatch)
                } else {
                    targets.append(.vault(host.id))
                }
            } else {
                problems.append("ProxyJump hop '\(hop)' is not a Host of the config or the Vault")
            }
        }
        if problems.isEmpty {
            hosts[index].hopTargets = targets
        } else {
            hosts[index].notes += problems.map { $0 + "; the jump chain is left empty" }
        }
    }

    private static func mismatch(
        _ hop: String, user: String?, port: Int?, label: String, hostUser: String?, hostPort: Int
    ) -> String? {
        if let user, user != hostUser {
            return "ProxyJump hop '\(hop)' logs in as \(user), Host '\(label)' as \(hostUser ?? "the default user")"
        }
        if let port, port != hostPort { return "ProxyJump hop '\(hop)' uses port \(port), Host '\(label)' port \(hostPort)" }
        return nil
    }
}
