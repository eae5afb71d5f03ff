import TermindDomain

/// How the tools reach a Host: only a Vault label (an agent cannot name an arbitrary address,
/// and policy is per Host or tag), through a connection that never prompts anyone. A failure
/// becomes a message saying what the person, not the agent, must do.
public struct MCPHostConnections: Sendable {
    public typealias Connect = @Sendable (_ label: String) async throws -> any SSHConnection

    private let vault: any VaultStore
    private let connectSilently: Connect

    public init(vault: any VaultStore, connect: @escaping Connect) {
        self.vault = vault
        connectSilently = connect
    }

    /// The Vault's Host named `label`, or a failure naming the labels to choose from.
    public func host(_ label: String) async -> Result<TermindDomain.Host, MCPToolFailure> {
        let snapshot: VaultSnapshot
        do { snapshot = try await vault.snapshot() } catch { return .failure(MCPToolFailure("The Vault could not be read: \(error)")) }
        guard let host = snapshot.hosts.first(where: { $0.label.rawValue == label }) else {
            let known = snapshot.hosts.map(\.label.rawValue).sorted().prefix(50).joined(separator: ", ")
            return .failure(MCPToolFailure(
                "No Host labelled '\(MCPSummary.bounded(label, limit: 100))' in the Vault (list_hosts names them: \(known))."))
        }
        return .success(host)
    }

    /// Connects to `host`, runs `body` and closes the connection.
    public func with<T: Sendable>(
        _ host: TermindDomain.Host, _ body: @Sendable (any SSHConnection) async throws -> T
    ) async -> Result<T, MCPToolFailure> {
        let connection: any SSHConnection
        do {
            connection = try await connectSilently(host.label.rawValue)
        } catch {
            return .failure(Self.failure(connecting: host.label.rawValue, error))
        }
        do {
            let result = try await body(connection)
            await connection.close()
            return .success(result)
        } catch {
            await connection.close()
            if let failure = error as? MCPToolFailure { return .failure(failure) }
            return .failure(MCPToolFailure("\(host.label.rawValue): \(error)"))
        }
    }

    /// The person decides host keys and types passwords; the agent is told so.
    public static func failure(connecting label: String, _ error: any Error) -> MCPToolFailure {
        guard let failure = error as? SSHFailure else { return MCPToolFailure("Connecting to \(label) failed: \(error)") }
        let remedy: String = switch failure.kind {
        case .hostKeyUnknown, .hostKeyRejected:
            " The person must trust the Host's key first, in a terminal: termind ssh \(label) (or termind known-hosts add). Termind never asks the agent."
        case .hostKeyChanged, .hostKeyRevoked:
            " The Host's key differs from the trusted one: the person must check why before anything connects."
        case .interactionRequired, .authentication:
            " The Host needs a password, a passphrase or a code that only the person can give: the person can give the Host's Identity a key (termind keys install), or connect once in a terminal. Termind never asks the agent for secrets."
        default: ""
        }
        let detail = failure.detail.hasSuffix(".") ? failure.detail : failure.detail + "."
        return MCPToolFailure("Connecting to \(label) failed (\(failure.category)): \(detail)\(remedy)")
    }
}
