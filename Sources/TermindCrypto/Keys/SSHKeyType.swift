/// The SSH key types this module reads and writes, named as they appear in key blobs and
/// `authorized_keys` lines.
public enum SSHKeyType: String, Sendable, Hashable, CaseIterable {
    case ed25519 = "ssh-ed25519"
    case ecdsaP256 = "ecdsa-sha2-nistp256"
    case ecdsaP384 = "ecdsa-sha2-nistp384"
    case ecdsaP521 = "ecdsa-sha2-nistp521"
    case rsa = "ssh-rsa"

    /// The curve identifier inside ECDSA blobs (`nistp256`), nil for other types.
    public var curveIdentifier: String? {
        switch self {
        case .ecdsaP256: "nistp256"
        case .ecdsaP384: "nistp384"
        case .ecdsaP521: "nistp521"
        case .ed25519, .rsa: nil
        }
    }

    /// Key size as `ssh-keygen -l` reports it, for types where the type fixes it.
    public var fixedBits: Int? {
        switch self {
        case .ed25519, .ecdsaP256: 256
        case .ecdsaP384: 384
        case .ecdsaP521: 521
        case .rsa: nil
        }
    }

    /// libcrypto's group name for the curve (`prime256v1`).
    var openSSLGroupName: String? {
        switch self {
        case .ecdsaP256: "prime256v1"
        case .ecdsaP384: "secp384r1"
        case .ecdsaP521: "secp521r1"
        case .ed25519, .rsa: nil
        }
    }

    /// Length of an uncompressed curve point (`04 ‖ x ‖ y`).
    var uncompressedPointLength: Int? {
        switch self {
        case .ecdsaP256: 65
        case .ecdsaP384: 97
        case .ecdsaP521: 133
        case .ed25519, .rsa: nil
        }
    }

    /// The ECDSA type whose curve libcrypto calls `groupName` (either its short or its NIST name).
    static func ecdsa(openSSLGroupName groupName: String) -> SSHKeyType? {
        switch groupName {
        case "prime256v1", "P-256", "secp256r1": .ecdsaP256
        case "secp384r1", "P-384": .ecdsaP384
        case "secp521r1", "P-521": .ecdsaP521
        default: nil
        }
    }

    /// Names of key types people meet that are deliberately not handled, with why.
    static func whyUnsupported(_ name: String) -> String {
        switch name {
        case "ssh-dss": "DSA keys (ssh-dss) are disabled in OpenSSH and not supported; use an ed25519 key"
        case _ where name.hasPrefix("sk-"): "security-key (FIDO) type \(name) needs its hardware token"
        case _ where name.hasSuffix("-cert-v01@openssh.com"): "certificate type \(name); import the plain key"
        default: "key type \(name)"
        }
    }
}
