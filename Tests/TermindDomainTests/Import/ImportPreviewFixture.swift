import Foundation
import TermindDomain

/// Preview items built by hand for the Domain rules: keys with synthetic public keys (a blob per
/// seed), hosts as the config reader would give them, known_hosts records.
enum ImportPreviewFixture {
    static let folder = "/home/me/.ssh"

    static func blob(_ seed: UInt8, type: String = "ssh-ed25519") -> [UInt8] { KnownHostsFixture.blob(type, seed: seed) }

    static func key(
        _ name: String, seed: UInt8, algorithm: KeyAlgorithm = .ed25519, format: PrivateKeyFormat = .openSSH,
        encrypted: Bool = false, publicKnown: Bool = true, problem: String? = nil
    ) -> ImportKeyItem {
        let path = "\(folder)/\(name)"
        return ImportKeyItem(
            path: path, label: ImportKeyItem.label(forPath: path, in: folder), digest: FileDigest(of: Array(name.utf8)),
            format: format, isEncrypted: encrypted,
            publicKey: publicKnown
                ? ImportPublicKey(
                    algorithm: algorithm, bits: algorithm == .rsa ? 2048 : 256, blob: blob(seed, type: algorithm.rawValue),
                    comment: "")
                : nil,
            problem: problem)
    }

    static func host(
        _ alias: String, hostname: String? = nil, port: Int = 22, user: String? = nil, keys: [String] = [],
        jumps: [SSHConfigJumpHop] = [], line: Int = 1
    ) -> ImportHostItem {
        ImportHostItem(
            alias: alias, hostname: hostname ?? "\(alias).example.com", port: port, user: user,
            identityFiles: keys.map { "\(folder)/\($0)" }, proxyJump: jumps.map(\.description), proxyJumpHops: jumps,
            location: ImportLocation(file: "\(folder)/config", line: line))
    }

    static func knownHost(
        _ pattern: String, seed: UInt8, file: String = "known_hosts", line: Int = 1, marker: KnownHost.Marker = .none
    ) -> ImportKnownHostItem {
        ImportKnownHostItem(
            record: KnownHost(pattern: pattern, keyType: "ssh-ed25519", keyBlob: blob(seed), marker: marker),
            location: ImportLocation(file: "\(folder)/\(file)", line: line))
    }

    static func preview(
        keys: [ImportKeyItem] = [], publicKeys: [(path: String, line: PublicKeyLine)] = [], hosts: [ImportHostItem] = [],
        knownHosts: [ImportKnownHostItem] = [], vault: VaultSnapshot = VaultSnapshot()
    ) -> ImportPreview {
        ImportPreview(
            folder: folder, keys: keys, publicKeys: publicKeys, hosts: hosts, knownHosts: knownHosts, skipped: [], vault: vault)
    }

    static func vaultKey(_ label: String, seed: UInt8) -> SSHKey {
        SSHKey(
            label: try! Label(label), algorithm: .ed25519, bits: 256, publicKeyBlob: blob(seed), privateKeySecretID: UUID(),
            isEncrypted: false)
    }
}
