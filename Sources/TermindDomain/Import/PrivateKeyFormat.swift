/// How a private key file is written: OpenSSH's own format (`-----BEGIN OPENSSH PRIVATE KEY-----`)
/// or PEM (PKCS#8, or the traditional `RSA`/`EC PRIVATE KEY`). It decides what the import can learn
/// without a passphrase: an encrypted OpenSSH key shows its public half, an encrypted PEM key nothing.
public enum PrivateKeyFormat: String, Sendable, Hashable, Codable {
    case openSSH = "openssh"
    case pem
}
