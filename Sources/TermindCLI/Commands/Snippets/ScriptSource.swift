import Foundation

/// Where a Snippet's script comes from: `--script TEXT`, `--file PATH`, or standard input
/// when it is not a terminal.
struct ScriptSource {
    static let definitions: [OptionDefinition] = [
        .option("script", valueName: "TEXT", help: "The script text"),
        .option("file", short: "f", .path, help: "Read the script from a file"),
    ]

    let text: String?
    let file: String?

    init(_ parsed: ParsedCommandLine) throws(UsageError) {
        text = parsed.value("script")
        file = parsed.value("file")
        if text != nil && file != nil { throw UsageError("--script and --file contradict each other") }
    }

    var isGiven: Bool { text != nil || file != nil }

    /// The script, from the option, the file, or piped standard input.
    func read(orStandardInput: Bool) throws -> String? {
        if let text { return text }
        if let file {
            guard let data = FileManager.default.contents(atPath: file) else { throw FileReadFailure(path: file) }
            return String(decoding: data, as: UTF8.self)
        }
        guard orStandardInput else { return nil }
        guard isatty(STDIN_FILENO) == 0 else {
            throw UsageError("give the script with --script or --file, or pipe it on standard input")
        }
        return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    }
}
