/// One keyboard-interactive request from a server (RFC 4256): its name, instruction and prompts.
/// A round may have no prompts; it is still answered (with no answers).
///
/// A pure value; safe to pass between threads. The answers are `Secret`s and are never stored.
public struct KeyboardInteractiveRound: Sendable, Hashable {
    public let name: String
    public let instruction: String
    public let prompts: [KeyboardInteractivePrompt]

    public init(name: String, instruction: String, prompts: [KeyboardInteractivePrompt]) {
        self.name = name
        self.instruction = instruction
        self.prompts = prompts
    }
}
