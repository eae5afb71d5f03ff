/// Which file system a transfer request names: this machine, or a Host by its Vault label (or
/// an ad-hoc `[user@]host[:port]`). Spelled as `TransferAddress.location` spells it.
public enum TransferSide: Sendable, Hashable, CustomStringConvertible {
    case local
    case host(String)

    public init(location: String) {
        self = location == "local" ? .local : .host(location)
    }

    /// `local`, or the Host's label: what the engine's addresses and partial records say.
    public var location: String {
        switch self {
        case .local: "local"
        case .host(let label): label
        }
    }

    public var description: String { location }
}
