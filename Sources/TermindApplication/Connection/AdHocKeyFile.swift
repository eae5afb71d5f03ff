import TermindDomain

/// A private key file given on the command line (`-i KEYFILE`), already read by the CLI:
/// its path (how prompts and messages name it) and its text, held as a `Secret`.
public struct AdHocKeyFile: Sendable, Equatable {
    public let path: String
    public let privateKey: Secret

    public init(path: String, privateKey: Secret) {
        self.path = path
        self.privateKey = privateKey
    }
}
