import TermindDomain
import TermindResources

/// A person's keymap file layered over the shipped defaults, as the workbench loads it, then
/// a few keys dispatched through the result. Every problem must name a file and a line in it.
enum KeymapFuzzing {
    /// The shipped defaults, parsed once: the same text every run, so parsing it again (most of
    /// a run's time) found nothing new.
    private static let defaults = KeymapFile(parsing: (try? TermindResources.defaultKeymap()) ?? "", name: KeymapFile.defaultFileName)

    static let target = FuzzTarget("keymap", "a keymap file (~/.config/termind/keymap)") { input throws(FuzzFinding) in
        let text = FuzzInput.text(input)
        let load = Keymap.load(layering: [defaults, KeymapFile(parsing: text, name: "keymap")])
        let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
        for problem in load.problems {
            try FuzzFinding.require(
                problem.file == "keymap" && (0...lineCount).contains(problem.line),
                "a problem at \(problem.file):\(problem.line) in a file of \(lineCount) lines")
        }
        var dispatcher = KeyDispatcher(keymap: load.keymap)
        for key in [load.keymap.prefix, Key("c"), load.keymap.prefix, Key.control("c")] {
            _ = dispatcher.handle(key)
        }
    }
}
