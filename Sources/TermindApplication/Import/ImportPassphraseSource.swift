import TermindDomain

/// Where commit gets the passphrase of an encrypted key: the person at a terminal, or nobody.
/// Answering nil stores the key still encrypted, its passphrase asked when the key is used
/// (not possible for an encrypted PEM key, whose public half is unreadable without it).
public protocol ImportPassphraseSource: Sendable {
    /// - Parameter attempt: 1 for the first ask; a wrong passphrase asks again, up to 3.
    func passphrase(for key: ImportKeyItem, attempt: Int) async throws -> Secret?
}

/// Never asks: every encrypted key is stored still encrypted.
public struct NoImportPassphrases: ImportPassphraseSource {
    public init() {}
    public func passphrase(for key: ImportKeyItem, attempt: Int) async throws -> Secret? { nil }
}
