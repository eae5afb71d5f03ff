/// The names tried for *Keep both*: `report (1).pdf`, `report (2).pdf`, ... The extension is
/// what follows the last dot, unless that dot starts the name (`.bashrc (1)`); a compound
/// extension keeps its last part only (`a.tar (1).gz`), as Finder and most file managers do.
public enum KeepBothName {
    /// The `n`th candidate for `name` (n ≥ 1).
    public static func candidate(_ name: String, number n: Int) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "\(name) (\(n))" }
        return "\(name[..<dot]) (\(n))\(name[dot...])"
    }

    /// The first candidate for which `isTaken` is false.
    public static func firstFree(for name: String, isTaken: (String) async throws -> Bool) async rethrows -> String {
        var n = 1
        while try await isTaken(candidate(name, number: n)) { n += 1 }
        return candidate(name, number: n)
    }
}
