import TermindPresentation

/// The parser in front of libvterm alone, fast, with what it forwards checked by an independent
/// reading of libvterm 0.1.4's limits (`LibvtermLimits`): a server's bytes, split anywhere.
enum VTermParserFuzzing {
    static let target = FuzzTarget("vterm-parser", "chunk size byte, then a server's output to a pane") { input throws(FuzzFinding) in
        var parser = VTermInputParser()
        var finding: FuzzFinding?
        for chunk in FuzzInput.chunks(input) {
            Array(chunk).withUnsafeBytes { bytes in
                parser.process(bytes) { piece in
                    if finding == nil, let problem = LibvtermLimits.problem(in: Array(piece)) {
                        finding = FuzzFinding("the parser forwarded \(Array(piece.prefix(200))): \(problem)")
                    }
                }
            }
            if let finding { throw finding }
            try FuzzFinding.require(
                parser.heldCount <= VTermInputParser.defaultStringLimit + 8,
                "the parser holds \(parser.heldCount) bytes")
        }
    }
}
