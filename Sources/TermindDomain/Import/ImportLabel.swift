/// Labels for records the import names itself (Keys after their files, Identities after their
/// user and key): made valid (docs/behaviour.md §1: no whitespace, `:` or `@`, no leading `-`, at most 64
/// characters) instead of refused, since the person did not type them.
enum ImportLabel {
    static func sanitized(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let bad = scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
                || scalar == ":" || scalar == "@"
            scalars.append(bad ? "-" : scalar)
        }
        var result = String(scalars)
        while result.hasPrefix("-") { result.removeFirst() }
        if result.count > 64 { result = String(result.suffix(64)) }
        while result.hasPrefix("-") { result.removeFirst() }
        return result.isEmpty ? "imported" : result
    }
}
