import TermindDomain

/// An Identity as `list` and `show` print it: never the password, only whether one is set.
struct IdentityView: Encodable {
    let label: String
    let username: String
    let key: String?
    let hasPassword: Bool
    let usedBy: [String]

    init(_ identity: Identity, in snapshot: VaultSnapshot) {
        label = identity.label.rawValue
        username = identity.username
        key = identity.keyID.flatMap { snapshot.key(id: $0)?.label.rawValue }
        hasPassword = identity.hasPassword
        usedBy = snapshot.hostsUsing(identityID: identity.id)
    }
}
