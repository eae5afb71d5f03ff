/// The person's answer to an asked call, and who gave it.
public enum MCPApprovalAnswer: Sendable, Equatable {
    case approved(by: String)
    case denied(by: String)
}
