/// The type of a Key, named as OpenSSH names it in key lines.
public enum KeyAlgorithm: String, Sendable, Hashable, Codable, CaseIterable {
    case ed25519 = "ssh-ed25519"
    case ecdsaP256 = "ecdsa-sha2-nistp256"
    case ecdsaP384 = "ecdsa-sha2-nistp384"
    case ecdsaP521 = "ecdsa-sha2-nistp521"
    case rsa = "ssh-rsa"

    /// What `ssh-keygen -l` prints in parentheses: ED25519, ECDSA, RSA.
    public var displayName: String {
        switch self {
        case .ed25519: "ED25519"
        case .ecdsaP256, .ecdsaP384, .ecdsaP521: "ECDSA"
        case .rsa: "RSA"
        }
    }
}
