import TermindPresentation

/// The bytes a person's terminal sends (keys, mouse reports, bracketed pastes, focus), split
/// across reads anywhere, through the workbench's decoder, then the escape timeout.
enum InputDecoderFuzzing {
    static let target = FuzzTarget("input-decoder", "chunk size byte, then a terminal's input") { input throws(FuzzFinding) in
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        for chunk in FuzzInput.chunks(input) {
            events += decoder.feed(chunk)
        }
        events += decoder.flushTimeout()
        let pasted = events.reduce(0) { total, event in
            if case .paste(let bytes) = event { return total + bytes.count }
            return total
        }
        try FuzzFinding.require(pasted <= input.count, "\(pasted) bytes pasted from an input of \(input.count)")
    }
}
