/// What an option or argument accepts. The parser checks the value before any command runs,
/// so a bad port or an unknown policy is a usage error (exit 2), never a half-run command.
public enum ValueType: Sendable, Equatable {
    case text
    case path
    case integer(ClosedRange<Int>)
    case choice([String])
    /// A Vault Host label or an ad-hoc `[user@]hostname[:port]`; completion offers the labels.
    case host
    /// `HOST:PATH`; completion offers the labels with their colon.
    case remoteLocation
    /// A local path or `HOST:PATH` (`cp`); completion offers local paths and `HOST:` prefixes.
    case fileLocation

    /// Checks `raw` and returns it normalised, or says what was wrong.
    func validate(_ raw: String, for name: String) throws(UsageError) -> String {
        switch self {
        case .text, .host, .remoteLocation, .fileLocation:
            return raw
        case .path:
            guard !raw.isEmpty else { throw UsageError("\(name) needs a path, not an empty value") }
            return raw
        case .integer(let range):
            guard let number = Int(raw), range.contains(number) else {
                throw UsageError(
                    "\(name): '\(raw)' is not a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return String(number)
        case .choice(let choices):
            guard choices.contains(raw) else {
                throw UsageError("\(name): '\(raw)' is not one of \(choices.joined(separator: ", "))")
            }
            return raw
        }
    }

    /// How the value is named in usage lines when the definition gives no name.
    var placeholder: String {
        switch self {
        case .text: "VALUE"
        case .path: "PATH"
        case .integer: "N"
        case .choice(let choices): choices.joined(separator: "|")
        case .host: "HOST"
        case .remoteLocation: "HOST:PATH"
        case .fileLocation: "PATH"
        }
    }
}
