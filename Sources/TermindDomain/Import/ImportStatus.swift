/// What committing one preview item would do: write a new record, nothing (the same record is
/// already in the Vault), or nothing because it conflicts with a record there or cannot be
/// imported at all. Only `.new` items can be selected; the others say why.
public enum ImportStatus: Sendable, Equatable {
    case new
    /// The same record is in the Vault already, under `label`.
    case existing(label: String)
    /// A different record in the Vault stands in the way (a taken label, another trusted key);
    /// import never overwrites it.
    case conflict(reason: String)
    case cannotImport(reason: String)

    /// The word scripts read: `new`, `existing`, `conflict`, `cannot-import`.
    public var name: String {
        switch self {
        case .new: "new"
        case .existing: "existing"
        case .conflict: "conflict"
        case .cannotImport: "cannot-import"
        }
    }

    /// Why, for every status but `.new`.
    public var reason: String? {
        switch self {
        case .new: nil
        case .existing(let label): "already in the Vault as '\(label)'"
        case .conflict(let reason), .cannotImport(let reason): reason
        }
    }

    public var isNew: Bool { self == .new }
}
