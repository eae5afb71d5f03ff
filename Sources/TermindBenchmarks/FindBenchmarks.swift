import Foundation
import TermindPresentation

/// Find over a full scrollback, in this process: a 50×150 `VTermSurface` holding 10,000 rows of
/// 150 columns in its scrollback, the pane's text made once (as find does for a query typed
/// key by key) and each query searched over it, with the matches mapped back to their cells.
/// `termind-bench find` runs it. No peer: tmux's copy-mode search differs in what it returns.
struct FindBenchmarks {
    let iterations = 5

    func run() throws {
        let surface = VTermSurface(rows: 50, columns: 150)
        for number in 1...10_050 {
            let row = "\(number) " + String(repeating: "lorem ipsum dolor sit amet ", count: 6)
            surface.write(Array((row.prefix(149) + "\r\n").utf8))
        }
        precondition(surface.scrollbackCount == 10_000)
        print("")
        print("find over 10,000 x 150 of scrollback (in process, median of \(iterations))")
        var text: PaneText?
        let made = try medianSeconds(iterations) { text = PaneText(surface) }
        print("make the pane's text (\(text!.units.count) UTF-16 units)   \(formatSeconds(made))")
        let origin = TextPosition(line: surface.lineNumbers.upperBound - 1, column: 0)
        for (label, query) in [
            ("literal, ignoring case  ", FindQuery(pattern: "9999 LOREM")),
            ("literal, with case      ", FindQuery(pattern: "9999 lorem", isCaseSensitive: true)),
            ("regex ^99[0-9]{2}       ", FindQuery(pattern: "^99[0-9]{2} ", isRegex: true)),
            ("literal, 5 a row        ", FindQuery(pattern: "ipsum")),
        ] {
            var found = 0
            let seconds = try medianSeconds(iterations) {
                var find = PaneFind(origin: origin, query: query)
                find.search(PaneText(surface))
                found = find.matches.count
            }
            let searchOnly = try medianSeconds(iterations) {
                var find = PaneFind(origin: origin, query: query)
                find.search(text!)
                found = find.matches.count
            }
            print("\(label) \(String(format: "%6d", found)) matches   text and search \(formatSeconds(seconds))   search \(formatSeconds(searchOnly))")
        }
    }
}
