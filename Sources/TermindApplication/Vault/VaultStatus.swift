/// What `termind vault status` shows: where things live and how secrets are sealed.
public struct VaultStatus: Sendable, Equatable, Codable {
    public enum KeySource: String, Sendable, Equatable, Codable {
        case keyFile = "key-file"
        case passphrase
    }

    public let databasePath: String
    public let keyFilePath: String
    public let keySource: KeySource
    public let schemaVersion: Int
    public let secretCount: Int

    public init(databasePath: String, keyFilePath: String, keySource: KeySource, schemaVersion: Int, secretCount: Int) {
        self.databasePath = databasePath
        self.keyFilePath = keyFilePath
        self.keySource = keySource
        self.schemaVersion = schemaVersion
        self.secretCount = secretCount
    }
}
