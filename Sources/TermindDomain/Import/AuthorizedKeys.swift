/// An `authorized_keys` file read as sshd reads it (sshd(8), AUTHORIZED_KEYS FILE FORMAT;
/// `auth_check_authkey_line`): one key a line, a line ending in LF or CRLF; blank lines and
/// lines whose first non-blank character is `#` ignored; options before the key type (see
/// `PublicKeyLine`). A line sshd would skip (unknown options, a blob of another type, a
/// damaged blob) authorizes nothing, and neither does a `cert-authority` line: it trusts
/// certificates signed by the key, not the key itself.
///
/// A pure value; safe to pass between threads.
public struct AuthorizedKeys: Sendable, Equatable {
    /// The lines that authorize a key, in file order.
    public let keys: [PublicKeyLine]

    /// Reads the file's bytes (any encoding: a line that is not a key is skipped).
    public init(_ bytes: [UInt8]) {
        keys = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).compactMap { raw in
            let line = raw.last == UInt8(ascii: "\r") ? raw.dropLast() : raw[...]
            let text = String(decoding: line, as: UTF8.self)
            let start = text.drop { $0 == " " || $0 == "\t" }
            guard let first = start.first, first != "#" else { return nil }
            guard let key = PublicKeyLine(start), !Self.isCertificateAuthority(key) else { return nil }
            return key
        }
    }

    /// Whether a line authorizes exactly this key: the same type and blob, whatever its
    /// comment and other options.
    public func contains(keyType: String, blob: [UInt8]) -> Bool {
        keys.contains { $0.keyType == keyType && $0.blob == blob }
    }

    private static func isCertificateAuthority(_ key: PublicKeyLine) -> Bool {
        guard let options = key.options else { return false }
        return PublicKeyLine.optionNames(of: options).contains("cert-authority")
    }
}
