import Foundation

/// A Snippet's script as a template: `{{name}}` placeholders (a name of letters, digits, `_`,
/// `-` and `.`, spaces inside the braces allowed) are variables asked for before the script is
/// sent; anything else, `{{` without a closing `}}` included, is the script's own text. Pure.
public struct SnippetTemplate: Sendable, Hashable {
    public let script: String

    /// The most variables one Snippet asks for; a script with more keeps the rest as text.
    public static let maxVariables = 32

    public init(_ script: String) {
        self.script = script
    }

    /// The variables' names in the order they first appear, each once.
    public var variables: [String] {
        var names: [String] = []
        for piece in pieces {
            if case .variable(let name) = piece, !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The script with each variable replaced by its value (a missing one by nothing).
    public func rendered(_ values: [String: String]) -> String {
        pieces.map { piece in
            switch piece {
            case .text(let text): text
            case .variable(let name): values[name] ?? ""
            }
        }.joined()
    }

    private enum Piece {
        case text(String)
        case variable(String)
    }

    private var pieces: [Piece] {
        var pieces: [Piece] = []
        var rest = script[...]
        var names = Set<String>()
        while let open = rest.range(of: "{{") {
            guard let close = rest[open.upperBound...].range(of: "}}") else { break }
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            let isName = !name.isEmpty && name.count <= 64 && name.unicodeScalars.allSatisfy { Self.nameCharacters.contains($0) }
            if isName, names.count < Self.maxVariables || names.contains(name) {
                names.insert(name)
                pieces.append(.text(String(rest[..<open.lowerBound])))
                pieces.append(.variable(name))
                rest = rest[close.upperBound...]
            } else {
                pieces.append(.text(String(rest[..<open.upperBound])))
                rest = rest[open.upperBound...]
            }
        }
        pieces.append(.text(String(rest)))
        return pieces
    }

    private static let nameCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.".unicodeScalars)
}
