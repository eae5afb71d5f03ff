import Foundation
import TermindApplication
import TermindDomain
import TermindInfrastructure

/// The content of `Tests/Fixtures/vault-v1.db`: rows of every kind with fixed ids, times and
/// values, so the fixture test can assert every field after the current migrations ran.
/// Secret ids are random (sealing picks them), so they are passed in.
enum VaultFixture {
    static let fixturesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    static var databaseFile: URL { fixturesDirectory.appendingPathComponent("vault-v1.db") }
    static var keyFile: URL { fixturesDirectory.appendingPathComponent("vault-v1.key") }

    // Secrets (test values, fine to commit).
    static let password = "fixture-password-Ω-7f3a"
    static let privateKey = """
        -----BEGIN OPENSSH PRIVATE KEY-----
        b3BlbnNzaC1rZXktdjEAAAAACmFlczI1Ni1jdHIAAAAGYmNyeXB0AAAAGAAAABBmaXh0dXJl
        -----END OPENSSH PRIVATE KEY-----

        """
    static let keyPassphrase = "fixture-key-passphrase-91c2"

    static let keyID = UUID(uuidString: "0B1E0000-0000-4000-8000-000000000001")!
    static let deployID = UUID(uuidString: "1D000000-0000-4000-8000-000000000001")!
    static let rootOnlyID = UUID(uuidString: "1D000000-0000-4000-8000-000000000002")!
    static let bastionID = UUID(uuidString: "40570000-0000-4000-8000-000000000001")!
    static let webID = UUID(uuidString: "40570000-0000-4000-8000-000000000002")!
    static let dbID = UUID(uuidString: "40570000-0000-4000-8000-000000000003")!
    static let snippetID = UUID(uuidString: "5A1B0000-0000-4000-8000-000000000001")!
    static let templateID = UUID(uuidString: "7E3B0000-0000-4000-8000-000000000001")!

    static let ed25519Blob: [UInt8] = wire("ssh-ed25519", (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
    static let ecdsaBlob: [UInt8] = wire("ecdsa-sha2-nistp256", (0..<65).map { UInt8(truncatingIfNeeded: $0 &* 5 &+ 1) })
    static let rsaBlob: [UInt8] = wire("ssh-rsa", (0..<64).map { UInt8(255 - $0) })

    struct Secrets {
        var password: UUID?
        var privateKey: UUID
        var keyPassphrase: UUID?
    }

    /// The records in the order they can be saved (what they reference first).
    static func records(_ secrets: Secrets) throws -> [VaultRecord] {
        let key = SSHKey(
            id: keyID, label: try Label("deploy-ed25519"), algorithm: .ed25519, bits: 256, publicKeyBlob: ed25519Blob,
            comment: "deploy@fixture", privateKeySecretID: secrets.privateKey, isEncrypted: true,
            passphraseSecretID: secrets.keyPassphrase, createdAt: vaultDate(1_764_492_901.5))
        let deploy = try Identity(
            id: deployID, label: try Label("deploy"), username: "deploy", passwordSecretID: secrets.password, keyID: keyID)
        let rootOnly = try Identity(id: rootOnlyID, label: try Label("root-only"), username: "root")
        let bastion = try Host(
            id: bastionID, label: try Label("bastion"), hostname: "bastion.example.net", port: try Port(2222),
            identityID: deployID, tags: ["edge"])
        let web = try Host(
            id: webID, label: try Label("web"), hostname: "10.0.0.5", port: .ssh, username: "www",
            identityID: deployID, jumpChain: [bastionID], tags: ["prod", "eu"], notes: "primary web\nsecond line")
        let db = try Host(
            id: dbID, label: try Label("db"), hostname: "db.internal", port: try Port(65535), identityID: rootOnlyID,
            jumpChain: [bastionID, webID])
        let snippet = Snippet(id: snippetID, label: try Label("uptime"), script: "uptime\nfree -m | head -2", tags: ["ops", "quick"])
        let template = Template(
            id: templateID, label: try Label("triple"),
            layout: .split(
                axis: .horizontal, fraction: 0.5, first: .pane(kind: .terminal, hostID: webID),
                second: .split(
                    axis: .vertical, fraction: 0.25, first: .pane(kind: .browser, hostID: dbID),
                    second: .pane(kind: .empty, hostID: nil))))
        return [
            .key(key), .identity(deploy), .identity(rootOnly), .host(bastion), .host(web), .host(db),
            .snippet(snippet), .template(template),
        ] + knownHosts.map(VaultRecord.knownHost)
    }

    static let knownHosts: [KnownHost] = [
        KnownHost(
            id: UUID(uuidString: "C0DE0000-0000-4000-8000-000000000001")!, pattern: "bastion.example.net,203.0.113.7",
            keyType: "ssh-ed25519", keyBlob: ed25519Blob, comment: "from ~/.ssh/known_hosts:3",
            addedAt: vaultDate(1_764_400_000)),
        KnownHost(
            id: UUID(uuidString: "C0DE0000-0000-4000-8000-000000000002")!, pattern: "[web.example.net]:2222",
            keyType: "ecdsa-sha2-nistp256", keyBlob: ecdsaBlob, addedAt: vaultDate(1_764_400_001.25)),
        KnownHost(
            id: UUID(uuidString: "C0DE0000-0000-4000-8000-000000000003")!,
            pattern: "|1|c2FsdHNhbHRzYWx0c2FsdHNhbHQ=|aG1hY2htYWNobWFjaG1hY2htYWM=", keyType: "ssh-rsa",
            keyBlob: rsaBlob, addedAt: vaultDate(1_764_400_002)),
        KnownHost(
            id: UUID(uuidString: "C0DE0000-0000-4000-8000-000000000004")!, pattern: "*.example.net",
            keyType: "ssh-rsa", keyBlob: rsaBlob, marker: .revoked, comment: "compromised 2025",
            addedAt: vaultDate(1_764_400_003)),
        KnownHost(
            id: UUID(uuidString: "C0DE0000-0000-4000-8000-000000000005")!, pattern: "*.corp",
            keyType: "ssh-ed25519", keyBlob: ed25519Blob, marker: .certAuthority, addedAt: vaultDate(1_764_400_004)),
    ]

    static let connections: [ConnectionHistoryEntry] = [
        ConnectionHistoryEntry(
            id: UUID(uuidString: "C0000000-0000-4000-8000-000000000001")!, hostID: webID, kind: .ssh,
            openedAt: vaultDate(1_764_500_000)),
        ConnectionHistoryEntry(
            id: UUID(uuidString: "C0000000-0000-4000-8000-000000000002")!, hostID: webID, kind: .sftp,
            openedAt: vaultDate(1_764_500_010.5)),
        ConnectionHistoryEntry(
            id: UUID(uuidString: "C0000000-0000-4000-8000-000000000003")!, hostID: dbID, kind: .ssh,
            openedAt: vaultDate(1_764_500_020)),
    ]

    static let commands: [CommandHistoryEntry] = [
        CommandHistoryEntry(
            id: UUID(uuidString: "C0330000-0000-4000-8000-000000000001")!, hostID: webID, command: "cd /var/log",
            startedAt: vaultDate(1_764_500_001), exitStatus: 0, duration: 0.015625, workingDirectory: "/home/www"),
        CommandHistoryEntry(
            id: UUID(uuidString: "C0330000-0000-4000-8000-000000000002")!, hostID: webID,
            command: "grep -c error syslog\necho done", startedAt: vaultDate(1_764_500_002), exitStatus: 1,
            duration: 2.5, workingDirectory: "/var/log"),
        CommandHistoryEntry(
            id: UUID(uuidString: "C0330000-0000-4000-8000-000000000003")!, hostID: webID, command: "top",
            startedAt: vaultDate(1_764_500_003)),
    ]

    static let transfers: [SFTPHistoryEntry] = [
        SFTPHistoryEntry(
            id: UUID(uuidString: "5F790000-0000-4000-8000-000000000001")!, hostID: webID, path: "/var/log",
            kind: .directory, visitedAt: vaultDate(1_764_500_011)),
        SFTPHistoryEntry(
            id: UUID(uuidString: "5F790000-0000-4000-8000-000000000002")!, hostID: webID, path: "/var/log/syslog",
            kind: .file, visitedAt: vaultDate(1_764_500_012)),
    ]

    /// What a snapshot of the fixture holds: each kind sorted as the store sorts it.
    static func snapshot(_ secrets: Secrets) throws -> VaultSnapshot {
        var snapshot = VaultSnapshot()
        for record in try records(secrets) {
            switch record {
            case .host(let host): snapshot.hosts.append(host)
            case .identity(let identity): snapshot.identities.append(identity)
            case .key(let key): snapshot.keys.append(key)
            case .snippet(let snippet): snapshot.snippets.append(snippet)
            case .knownHost(let knownHost): snapshot.knownHosts.append(knownHost)
            case .template(let template): snapshot.templates.append(template)
            }
        }
        snapshot.hosts.sort { $0.label < $1.label }
        snapshot.identities.sort { $0.label < $1.label }
        snapshot.keys.sort { $0.label < $1.label }
        snapshot.snippets.sort { $0.label < $1.label }
        snapshot.templates.sort { $0.label < $1.label }
        snapshot.knownHosts.sort { ($0.pattern, $0.keyType) < ($1.pattern, $1.keyType) }
        return snapshot
    }

    /// Writes every record, history entry and secret through the given ports.
    static func populate(store: any VaultStore, secrets: any SecretStore) async throws -> Secrets {
        let sealed = Secrets(
            password: try await secrets.seal(Secret(password)),
            privateKey: try await secrets.seal(Secret(privateKey)),
            keyPassphrase: try await secrets.seal(Secret(keyPassphrase)))
        try await store.apply(try records(sealed).map(VaultChange.save))
        for entry in connections { try await store.record(entry) }
        for entry in commands { try await store.record(entry) }
        for entry in transfers { try await store.record(entry) }
        return sealed
    }

    /// An SSH wire-format public key: string(type) string(key bytes).
    private static func wire(_ type: String, _ key: [UInt8]) -> [UInt8] {
        func string(_ bytes: [UInt8]) -> [UInt8] {
            let count = UInt32(bytes.count)
            return [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)] + bytes
        }
        return string(Array(type.utf8)) + string(key)
    }
}
