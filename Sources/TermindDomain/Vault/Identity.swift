import Foundation

/// Who to log in as: a username, plus an optional password and an optional Key. An Identity
/// may hold only a username; authentication then tries `none` and what the server offers.
/// The password itself is sealed in the secret store; the Identity holds only its reference.
public struct Identity: Sendable, Hashable, Codable, Identifiable {
    public let id: UUID
    public var label: Label
    public var username: String
    public var passwordSecretID: UUID?
    public var keyID: UUID?

    public init(
        id: UUID = UUID(), label: Label, username: String, passwordSecretID: UUID? = nil, keyID: UUID? = nil
    ) throws(VaultRuleViolation) {
        guard !username.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .emptyUsername }
        self.id = id
        self.label = label
        self.username = username
        self.passwordSecretID = passwordSecretID
        self.keyID = keyID
    }

    public var hasPassword: Bool { passwordSecretID != nil }
}
