@testable import TermindPresentation

extension VTermSurface {
    /// Feeds `text` as UTF-8, as if the remote had sent it in one read.
    func write(_ text: String) {
        write(Array(text.utf8))
    }

    /// The text of scrollback row `index` (0 = oldest), trailing blanks trimmed.
    func scrollbackText(_ index: Int) -> String {
        VTermSurface.text(of: scrollbackLine(index))
    }

    /// Every visible row's text, top to bottom.
    var lines: [String] {
        (0..<rows).map { line($0) }
    }
}
