/// A positional argument: `HOST`, `[DIR]`, `SRC...`.
public struct ArgumentDefinition: Sendable, Equatable {
    public let name: String
    public let type: ValueType
    public let help: String
    public let isOptional: Bool
    public let isRepeating: Bool

    public init(
        _ name: String, _ type: ValueType = .text, optional: Bool = false, repeating: Bool = false,
        help: String
    ) {
        self.name = name
        self.type = type
        self.help = help
        self.isOptional = optional
        self.isRepeating = repeating
    }

    var synopsis: String {
        let base = name + (isRepeating ? "..." : "")
        return isOptional ? "[\(base)]" : base
    }
}
