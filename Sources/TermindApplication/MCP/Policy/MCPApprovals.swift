import Foundation

/// Where asked calls wait for the person (the Vault's SQLite in the product, answered from any
/// terminal of the same user).
public protocol MCPApprovals: Sendable {
    /// Puts the call up for the person; returns its id.
    func request(_ call: MCPCall, arguments: String, at time: Date) async throws -> Int64
    /// Waits until the person answers request `id` or `timeout` passes (nil).
    func answer(to id: Int64, within timeout: Duration) async throws -> MCPApprovalAnswer?
    /// Removes a request still waiting, so it can no longer be approved; the answer instead
    /// when one came in the meantime.
    func withdraw(_ id: Int64) async throws -> MCPApprovalAnswer?
    func pending() async throws -> [MCPPendingApproval]
    /// Answers request `id`; false when it is not waiting (answered, withdrawn, or unknown).
    func decide(_ id: Int64, approve: Bool, by person: String) async throws -> Bool
}
