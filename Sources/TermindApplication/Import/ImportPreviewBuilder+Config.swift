import TermindDomain

/// The config part of the preview: the ssh config files found are read through
/// `SSHConfigReader` (which follows `Include` and never executes anything), and each concrete
/// Host alias becomes a host item. What the reader reports as not imported (ProxyCommand,
/// Match exec...) is listed with its file and line, and so is why OpenSSH refuses a file.
extension ImportPreviewBuilder {
    /// - Parameters:
    ///   - folder: an absolute path.
    ///   - config: reads the ssh config files found (and what they include).
    public func preview(of folder: String, config: SSHConfigReader) async throws -> ImportPreview {
        var findings = try findings(in: folder)
        let hosts = readHosts(findings.configFiles, folder: folder, config: config, skipped: &findings.skipped)
        return ImportPreview(
            folder: folder, keys: findings.keys, publicKeys: findings.publicKeys, hosts: hosts,
            knownHosts: findings.knownHosts, skipped: findings.skipped, vault: try await store.snapshot())
    }

    /// Reads `folder/config` first, then the other config files in path order, skipping a file
    /// already read through another's `Include` (its hosts came with it).
    func readHosts(
        _ files: [String], folder: String, config: SSHConfigReader, skipped: inout [ImportSkippedItem]
    ) -> [ImportHostItem] {
        let main = (folder.hasSuffix("/") ? folder : folder + "/") + "config"
        let ordered = files.filter { $0 == main } + files.filter { $0 != main }.sorted()
        var covered = Set<String>()
        var seenAliases = Set<String>()
        var hosts: [ImportHostItem] = []
        for file in ordered where !covered.contains(file) {
            let resolution = config.read(file)
            covered.insert(file)
            // A file included by one OpenSSH refuses is refused with it, not read again on its own.
            covered.formUnion(resolution.files)
            for note in resolution.notes {
                covered.insert(note.location.file)
                let named = note.keyword.isEmpty || note.message.hasPrefix(note.keyword)
                skipped.append(ImportSkippedItem(
                    Self.location(note.location), kind: .configNote,
                    reason: named ? note.message : "\(note.keyword): \(note.message)"))
            }
            if let refusal = resolution.refusal {
                skipped.append(ImportSkippedItem(Self.location(refusal.location), kind: .configNote, reason: refusal.message))
            }
            for host in resolution.hosts {
                covered.insert(host.location.file)
                guard seenAliases.insert(host.alias).inserted else { continue }
                var item = ImportHostItem(
                    alias: host.alias, hostname: host.hostname, port: host.port, user: host.user,
                    identityFiles: host.identityFiles, proxyJump: host.proxyJump, proxyJumpHops: host.proxyJumpHops,
                    location: Self.location(host.location))
                item.forwards = host.forwards
                item.keepalive = Self.keepalive(host)
                hosts.append(item)
            }
        }
        return hosts
    }

    /// ssh's values as a Host keeps them: a count of 0 (ssh then gives up at the first silence)
    /// becomes 1, and values past the limits their limit.
    private static func keepalive(_ host: SSHConfigHost) -> Keepalive {
        let interval = host.serverAliveInterval.map { min(max($0, 0), Keepalive.intervalRange.upperBound) }
        let count = host.serverAliveCountMax.map { min(max($0, 1), Keepalive.countMaxRange.upperBound) }
        return (try? Keepalive(interval: interval ?? Keepalive.standard.interval, countMax: count ?? Keepalive.standard.countMax))
            ?? .standard
    }

    /// Line 0 stands for a whole file.
    private static func location(_ location: SSHConfigLocation) -> ImportLocation {
        ImportLocation(file: location.file, line: location.line > 0 ? location.line : nil)
    }
}
