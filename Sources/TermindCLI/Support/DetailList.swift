/// `show` output: one `name: value` line per field, names aligned.
struct DetailList {
    private var fields: [(String, String)] = []

    mutating func add(_ name: String, _ value: String) { fields.append((name, value)) }

    var text: String {
        let width = (fields.map(\.0.count).max() ?? 0) + 1
        return fields.map { name, value in
            var line = (name + ":").padding(toLength: width, withPad: " ", startingAt: 0) + " " + value
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }.joined(separator: "\n") + "\n"
    }
}
