import TermindDomain

/// What a person gives when adding or editing an Identity; nil leaves a field as it is.
public struct IdentityFields: Sendable, Equatable {
    public var username: String?
    /// A Key label; "" unbinds.
    public var key: String?
    /// A new password to seal; replaces the old one.
    public var password: Secret?
    /// Forget the stored password.
    public var clearPassword: Bool

    public init(username: String? = nil, key: String? = nil, password: Secret? = nil, clearPassword: Bool = false) {
        self.username = username
        self.key = key
        self.password = password
        self.clearPassword = clearPassword
    }
}
