/// A file (or a line of one) the import does not turn into a record, and why: an
/// authorized_keys file, a public key without its private key, a file too large, unreadable or
/// behind a symlink leading out of the folder, a config keyword not imported, a bad known_hosts line.
public struct ImportSkippedItem: Sendable, Equatable {
    /// Why, as a word scripts can switch on.
    public enum Kind: String, Sendable, Equatable {
        case publicKey = "public-key"
        case authorizedKeys = "authorized-keys"
        case other
        case tooLarge = "too-large"
        case unreadable
        case outsideFolder = "outside-folder"
        case notAFile = "not-a-file"
        case configNote = "config"
        case knownHostsLine = "known-hosts-line"
    }

    public let location: ImportLocation
    public let kind: Kind
    public let reason: String

    public init(_ location: ImportLocation, kind: Kind, reason: String) {
        self.location = location
        self.kind = kind
        self.reason = reason
    }
}
