import Synchronization
import TermindApplication

/// A `LocalAccount` that answers what the test gives it; with no user name it fails as an
/// account the system cannot name does (`LocalAccountUnknown`). Counts how often it was asked.
public final class StubLocalAccount: LocalAccount {
    public let name: String?
    public let host: String
    private let asked = Mutex(0)

    public init(userName: String?, hostName: String = "workstation") {
        name = userName
        host = hostName
    }

    /// How many times the user name was asked for.
    public var userNameRequests: Int { asked.withLock { $0 } }

    public func userName() throws -> String {
        asked.withLock { $0 += 1 }
        guard let name else { throw LocalAccountUnknown(userID: 4_000_000) }
        return name
    }

    public func hostName() -> String { host }
}
