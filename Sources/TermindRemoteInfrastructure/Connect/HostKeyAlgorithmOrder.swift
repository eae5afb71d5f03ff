/// The host key algorithms to offer in a handshake: those already recorded for the host first
/// (so a known host shows the key that is on record, not a new type that would look unknown),
/// then every other one libssh2 supports, so a host whose recorded key type is gone can still
/// be reached and asked about.
///
/// libssh2 1.10 names: `ssh-ed25519`, `ecdsa-sha2-nistp256`, `ecdsa-sha2-nistp384`,
/// `ecdsa-sha2-nistp521`, `ssh-rsa`, `ssh-dss`; it has no `rsa-sha2-256`/`rsa-sha2-512` host key
/// methods, so those recorded names mean `ssh-rsa` here.
///
/// Pure functions; safe anywhere.
enum HostKeyAlgorithmOrder {
    /// The methods in order, or nil for libssh2's own order (nothing recorded is supported).
    static func methods(preferring preferred: [String], supported: [String]) -> [String]? {
        var ordered: [String] = []
        for name in preferred.map(libssh2Name) where supported.contains(name) && !ordered.contains(name) {
            ordered.append(name)
        }
        guard !ordered.isEmpty else { return nil }
        return ordered + supported.filter { !ordered.contains($0) }
    }

    /// The libssh2 1.10 method for a recorded algorithm or key type name.
    static func libssh2Name(_ name: String) -> String {
        switch name {
        case "rsa-sha2-256", "rsa-sha2-512": "ssh-rsa"
        default: name
        }
    }
}
