import Foundation

/// One request waiting in the interaction queue: which connection asks (its label and the
/// attempt's generation), a request id of its own, and what it asks.
public struct Interaction: Sendable, Identifiable, Equatable {
    public let id: UUID
    public let connectionLabel: String
    public let generation: AttemptGeneration
    public let request: InteractionRequest

    public init(id: UUID = UUID(), connectionLabel: String, generation: AttemptGeneration, request: InteractionRequest) {
        self.id = id
        self.connectionLabel = connectionLabel
        self.generation = generation
        self.request = request
    }
}
