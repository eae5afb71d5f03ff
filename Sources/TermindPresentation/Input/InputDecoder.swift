/// Turns the bytes the terminal sends into `InputEvent`s, however the reads cut them: a chunk
/// may end inside any sequence, and the rest is decoded with the next chunk.
///
/// Pure: the TUI loop feeds it, gets events back, and owns the clock. One ambiguity needs
/// time: ESC alone is the Escape key, but also the first byte of Alt+key and of every escape
/// sequence. A chunk that ends in ESC (or in an unfinished sequence) is held; when `timeout`
/// is not nil, the loop calls `flushTimeout()` after that much silence (25 ms by default, as
/// short as people notice and longer than the pause inside one sequence), which decides the
/// held bytes as keys: Escape, Alt-[, …
///
/// Decodes UTF-8 text (invalid bytes become U+FFFD), control keys, Alt as an ESC prefix, xterm's
/// cursor and function keys with modifiers (CSI and SS3 forms, and rxvt's and the Linux
/// console's), `CSI u` and modifyOtherKeys keys, bracketed paste as one event (any number of
/// chunks, ESC bytes inside kept), SGR mouse reports and focus reports. A sequence it does not
/// know is dropped, never typed as text.
///
/// A value owned by the TUI loop (one per terminal).
public struct InputDecoder: Sendable {
    /// How long an ESC waits for the rest of a sequence before it counts as the Escape key.
    public static let defaultEscapeTimeout: Duration = .milliseconds(25)
    /// An escape sequence longer than this is skipped to its end instead of held.
    static let longestSequence = 64

    public var escapeTimeout: Duration
    /// Bytes that do not make an event yet.
    private var pending: [UInt8] = []
    /// Inside a bracketed paste: the pasted bytes so far.
    private var pasted: [UInt8]?
    /// Skipping the rest of an overlong escape sequence, up to its final byte.
    private var skippingSequence = false

    public init(escapeTimeout: Duration = InputDecoder.defaultEscapeTimeout) {
        self.escapeTimeout = escapeTimeout
    }

    /// Decodes the next chunk read from the terminal.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
        pending.append(contentsOf: bytes)
        return decode(final: false)
    }

    /// How long the loop may wait for more input before calling `flushTimeout()`; nil when
    /// nothing is held that silence would decide (nothing held, or a paste in progress, which
    /// only its end marker ends).
    public var timeout: Duration? {
        pending.isEmpty || pasted != nil ? nil : escapeTimeout
    }

    /// When to call `flushTimeout()` if nothing arrives after the input at `lastInput`.
    public func deadline(after lastInput: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        timeout.map { lastInput + $0 }
    }

    /// Decides what is held once no more bytes came within `timeout`: a lone ESC is Escape,
    /// ESC with one more byte is Alt with that key, an unfinished sequence is dropped, an
    /// unfinished UTF-8 character is U+FFFD. A paste in progress keeps waiting.
    public mutating func flushTimeout() -> [InputEvent] {
        guard pasted == nil else { return [] }
        return decode(final: true)
    }

    // MARK: - Decoding

    private mutating func decode(final: Bool) -> [InputEvent] {
        var events: [InputEvent] = []
        var index = 0
        while index < pending.count {
            if pasted != nil {
                index = collectPaste(from: index, into: &events)
                if pasted != nil { break }
                continue
            }
            if skippingSequence {
                let byte = pending[index]
                if byte < 0x20 || byte >= 0x7F {
                    // Broken off by a control or a non-ASCII byte, which counts on its own.
                    skippingSequence = false
                } else {
                    index += 1
                    skippingSequence = !(byte >= 0x40 && byte <= 0x7E)
                }
                continue
            }
            let parser = SequenceParser(bytes: pending, final: final)
            switch parser.parse(at: index) {
            case .incomplete:
                if pending.count - index > Self.longestSequence {
                    // Someone's runaway sequence: skip it to its end.
                    skippingSequence = true
                    index = pending.count
                }
                pending.removeFirst(index)
                return events
            case .event(let event, let length):
                events.append(event)
                index += length
            case .dropped(let length):
                index += length
            case .pasteStart(let length):
                index += length
                pasted = []
            }
        }
        pending.removeFirst(index)
        return events
    }

    /// Moves pasted bytes from `pending` into the paste until its end marker; returns where the
    /// bytes after the paste start (or the end of what is held, keeping back a possible partial
    /// end marker).
    private mutating func collectPaste(from index: Int, into events: inout [InputEvent]) -> Int {
        let marker = SequenceParser.pasteEnd
        var search = index
        while let escape = pending[search...].firstIndex(of: 0x1B) {
            let available = pending.count - escape
            if available < marker.count {
                // Maybe the start of the end marker: wait for the rest.
                if pending[escape...].elementsEqual(marker.prefix(available)) {
                    pasted!.append(contentsOf: pending[index..<escape])
                    return escape
                }
            } else if pending[escape..<(escape + marker.count)].elementsEqual(marker) {
                pasted!.append(contentsOf: pending[index..<escape])
                events.append(.paste(pasted!))
                pasted = nil
                return escape + marker.count
            }
            search = escape + 1
        }
        pasted!.append(contentsOf: pending[index...])
        return pending.count
    }
}
