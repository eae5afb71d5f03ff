/// The parser in front of libvterm: a VT500-family parser (the state machine of vt100.net's DEC
/// parser, as tmux's `input.c` and alacritty's `vte` implement it) that reads the bytes the
/// remote side sends and forwards to libvterm 0.1.4 only what that library parses safely.
///
/// libvterm 0.1.4 writes a CSI's parameters into 16 slots without a bound (a 17th parameter or
/// sub-parameter writes past them: a crash with a server-chosen value, neovim#34012), lets long
/// numbers overflow (vim#19894), executes control characters found inside OSC strings, loses an
/// OSC or DCS string split across writes, turns a UTF-8 character split across writes into two
/// U+FFFD, and prints the contents of SOS, PM and APC strings. So this parser:
/// - forwards a CSI or DCS with at most `maxParameters` parameters and sub-parameters (the rest
///   dropped, as xterm does), each clamped at `maxParameterValue`, with at most
///   `maxIntermediates` intermediate bytes and at most one private marker; anything else it
///   drops whole;
/// - forwards an OSC or DCS string only once it is complete, whole, in one write, ended by
///   `ESC \`, with its control characters dropped; a bare ESC ends an OSC too (as tmux does); a
///   string longer than `stringLimit` is dropped whole without holding memory;
/// - swallows SOS, PM and APC strings;
/// - forwards only whole, valid UTF-8 characters (an invalid sequence becomes U+FFFD) and holds
///   an incomplete one until its next bytes arrive;
/// - answers DECID (`ESC Z`) by handing libvterm the equivalent DA request (`CSI c`);
/// - performs REP (`CSI n b`) itself, as `n` copies (at most `repeatLimit`) of the last graphic
///   character it forwarded: libvterm 0.1.4 loops forever on a REP when no character of
///   non-zero width was printed before it (`ESC [ b` as the first bytes of a session);
/// - turns the C1 controls encoded as UTF-8 (U+0080–U+009F) into U+FFFD: libvterm gives them
///   width -1, and a REP after one never ends either;
/// - ends a piece right after a sequence that restores a saved cursor (DECRC, `CSI ?1048l`,
///   `CSI ?1049l`): libvterm puts the cursor back where it was saved even when the screen has
///   shrunk since, and then reads and writes its row tables past their end, so the surface must
///   bring the cursor back on screen before anything else is read.
///
/// So every piece it hands over leaves libvterm's own parser in its ground state.
///
/// It also follows what libvterm's state will do with printable ASCII (`TextModes`: character
/// sets, shifts, insert and origin modes, protection). Asked to (`process(_:plainRunMinimum:
/// feed:plainText:)`), it hands a long run of printable ASCII that prints as itself to
/// `plainText` instead of `feed`, after feeding everything before it.
///
/// A value owned by its `VTermSurface`, on the same thread (`package` for the fuzz target that
/// checks what it forwards).
package struct VTermInputParser {
    /// libvterm 0.1.4's `CSI_ARGS_MAX`.
    static let maxParameters = 16
    /// Larger values mean nothing to a terminal; xterm and alacritty clamp at the same bound.
    static let maxParameterValue = 65_535
    /// Escape sequences in use have at most two (`ESC ( B`, `CSI ? $ p`).
    static let maxIntermediates = 2
    package static let defaultStringLimit = 16 * 1024

    /// Where the parser is in the DEC state machine, kept across writes.
    enum State: Equatable {
        case ground
        case escape
        case escapeIntermediate
        case csiEntry
        case csiParameter
        case csiIntermediate
        /// A malformed CSI: consumed up to its final byte, then dropped.
        case csiIgnore
        case dcsEntry
        case dcsParameter
        case dcsIntermediate
        case dcsPassthrough
        /// Just after an ESC inside a DCS string.
        case dcsEscape
        case oscString
        /// Just after an ESC inside an OSC string.
        case oscEscape
        /// SOS, PM, APC, or a malformed DCS: swallowed up to its terminator.
        case ignoredString
        /// Just after an ESC inside an ignored string.
        case ignoredStringEscape
    }

    let stringLimit: Int
    /// The most copies one REP makes: the pane's width (libvterm's REP stops at the margin).
    var repeatLimit = 512
    private(set) var state: State = .ground
    private var sequence = ControlSequence()
    /// The OSC or DCS data in progress (without introducer or terminator).
    private var string: [UInt8] = []
    /// True once the string in progress outgrew `stringLimit`: it is being dropped.
    private var isStringOverLimit = false
    /// The bytes so far of a UTF-8 character cut by the end of the last write.
    private var pendingCharacter: [UInt8] = []
    /// The UTF-8 bytes of the last graphic character forwarded, which REP repeats.
    private var lastGraphicCharacter: [UInt8] = []
    /// What this call forwards, handed to `feed` at its end or after a cursor restore.
    private var output: [UInt8] = []
    /// True once a sequence restoring a saved cursor was forwarded: the piece ends there.
    private var endsPiece = false
    /// What libvterm's state does with printable ASCII, as of the bytes forwarded so far (set
    /// only to carry it into a new parser for the same libvterm state).
    var textModes = TextModes()

    package init(stringLimit: Int = VTermInputParser.defaultStringLimit) {
        self.stringLimit = stringLimit
        output.reserveCapacity(4096)
    }

    /// How many bytes are held back, waiting for the rest of their string or character.
    package var heldCount: Int { string.count + pendingCharacter.count }

    /// Parses `input` and calls `feed` with everything that is complete and safe to hand to
    /// libvterm now (never an empty piece): once, or once more after each cursor restore.
    package mutating func process(_ input: UnsafeRawBufferPointer, feed: (UnsafeRawBufferPointer) -> Void) {
        process(input, plainRunMinimum: .max, feed: feed, plainText: { _ in 0 })
    }

    /// As `process(_:feed:)`, but a run of at least `plainRunMinimum` printable ASCII bytes
    /// (0x20–0x7E) that libvterm would print as themselves (`TextModes.printsASCIIAsItself`)
    /// is offered to `plainText`, once everything before it went to `feed`. `plainText` says how
    /// many of its first bytes it took (never all: libvterm must see the last); the rest is
    /// forwarded with what follows, so libvterm reads it in the same call as a combining
    /// character after it, as it would have without the run taken out.
    package mutating func process(
        _ input: UnsafeRawBufferPointer, plainRunMinimum: Int, feed: (UnsafeRawBufferPointer) -> Void,
        plainText: (UnsafeRawBufferPointer) -> Int
    ) {
        var index = 0
        if !pendingCharacter.isEmpty {
            index = finishPendingCharacter(input)
        }
        let count = input.count
        while index < count {
            if state == .ground {
                let (next, run) = scanGround(input, from: index, plainRunMinimum: plainRunMinimum)
                index = next
                // libvterm decodes a run that follows non-ASCII text in one text callback with
                // it (UTF-8) when the set in use was designated (`ESC ( B`, as ncurses' sgr0
                // sends), so a combining character after the run joins its last character even
                // in the last column, where one in a later callback is dropped (0.1.4 finds the
                // cursor not past that character). Taking the run out would start a callback at
                // the run and lose the mark: it goes to libvterm with the text before it.
                if let run, !textModes.decodesASCIIAsUTF8, let last = output.last, last >= 0x80 {
                    appendText(input, run)
                } else if let run {
                    if !output.isEmpty {
                        output.withUnsafeBytes(feed)
                        output.removeAll(keepingCapacity: true)
                    }
                    let taken = plainText(UnsafeRawBufferPointer(rebasing: input[run]))
                    precondition(taken < run.count, "libvterm reads the last character of a plain run")
                    appendText(input, (run.lowerBound + taken)..<run.upperBound)
                }
            } else if step(input[index]) {
                index += 1
            }
            if endsPiece {
                endsPiece = false
                output.withUnsafeBytes(feed)
                output.removeAll(keepingCapacity: true)
            }
        }
        guard !output.isEmpty else { return }
        output.withUnsafeBytes(feed)
        output.removeAll(keepingCapacity: true)
    }

    // MARK: - Ground: text and C0 controls

    private static let esc: UInt8 = 0x1B
    private static let bel: UInt8 = 0x07
    private static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// Forwards text and controls up to the next ESC (which it consumes, entering `.escape`)
    /// or the end of `buffer`; returns where it stopped. It stops early after a run of
    /// printable ASCII that is long enough (`plainRunMinimum`) and prints as itself, returning
    /// that run, not forwarded.
    private mutating func scanGround(_ buffer: UnsafeRawBufferPointer, from start: Int, plainRunMinimum: Int)
        -> (next: Int, plainRun: Range<Int>?)
    {
        let count = buffer.count
        var runStart = start
        var printableStart = start
        var index = start
        while index < count {
            // Text is mostly printable ASCII: skip it eight bytes at a time (a byte a step was
            // 2% of a flood's time in the emulator).
            while index + 8 <= count {
                let word = buffer.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let deletes = word ^ 0x7F7F_7F7F_7F7F_7F7F
                // High bits: a byte of 0x80 or more, below 0x20, or (the zero-byte test) DEL.
                let flagged = (word | (word &- 0x2020_2020_2020_2020) & ~word
                    | (deletes &- 0x0101_0101_0101_0101) & ~deletes) & 0x8080_8080_8080_8080
                guard flagged == 0 else { break }
                index += 8
            }
            guard index < count else { break }
            let byte = buffer[index]
            if byte >= 0x20, byte < 0x7F {
                index += 1
                continue
            }
            if let run = endPrintableRun(buffer, printableStart..<index, minimum: plainRunMinimum) {
                appendText(buffer, runStart..<run.lowerBound)
                return (index, run)
            }
            if byte < 0x80 {
                if byte == Self.esc {
                    appendText(buffer, runStart..<index)
                    enterEscape()
                    return (index + 1, nil)
                }
                textModes.noteControl(byte)
                index += 1
                printableStart = index
                continue
            }
            let length = Self.utf8Length(lead: byte)
            guard length > 1 else {
                appendText(buffer, runStart..<index)
                appendReplacementCharacter()
                index += 1
                runStart = index
                printableStart = index
                continue
            }
            var next = 1
            while next < length, index + next < count, Self.isContinuation(buffer[index + next], at: next, lead: byte) {
                next += 1
            }
            if next == length, !Self.isC1Control(lead: byte, buffer[index + 1]) {
                textModes.noteCharacter()
                index += length
            } else if next < length, index + next == count {
                // Cut by the end of this write: wait for the rest.
                appendText(buffer, runStart..<index)
                pendingCharacter = Array(UnsafeRawBufferPointer(rebasing: buffer[index..<count]))
                return (count, nil)
            } else {
                appendText(buffer, runStart..<index)
                appendReplacementCharacter()
                index += next
                runStart = index
            }
            printableStart = index
        }
        if let run = endPrintableRun(buffer, printableStart..<count, minimum: plainRunMinimum) {
            appendText(buffer, runStart..<run.lowerBound)
            return (count, run)
        }
        appendText(buffer, runStart..<count)
        return (count, nil)
    }

    /// Notes the printable ASCII in `printable` as printed, and returns the run to hand over
    /// directly, if it is long enough and prints as itself (a character a single shift
    /// applies to stays out of it).
    private mutating func endPrintableRun(_ buffer: UnsafeRawBufferPointer, _ printable: Range<Int>, minimum: Int) -> Range<Int>? {
        guard !printable.isEmpty else { return nil }
        var run = printable
        if !textModes.printsASCIIAsItself {
            // Only a pending single shift changes with the characters printed.
            guard textModes.singleShiftPending else { return nil }
            run = printable.dropFirst()
        }
        textModes.noteCharacter()
        guard run.count >= minimum, textModes.printsASCIIAsItself else { return nil }
        return run
    }

    /// Completes the character cut by the last write with the first bytes of this one; returns
    /// how many bytes of `buffer` it used.
    private mutating func finishPendingCharacter(_ buffer: UnsafeRawBufferPointer) -> Int {
        let lead = pendingCharacter[0]
        let length = Self.utf8Length(lead: lead)
        var index = 0
        while pendingCharacter.count < length, index < buffer.count {
            guard Self.isContinuation(buffer[index], at: pendingCharacter.count, lead: lead) else {
                pendingCharacter = []
                appendReplacementCharacter()
                return index
            }
            pendingCharacter.append(buffer[index])
            index += 1
        }
        if pendingCharacter.count == length {
            let character = pendingCharacter
            pendingCharacter = []
            if Self.isC1Control(lead: lead, character[1]) {
                appendReplacementCharacter()
            } else {
                textModes.noteCharacter()
                character.withUnsafeBytes { appendText($0, 0..<$0.count) }
            }
        }
        return index
    }

    /// U+0080–U+009F, the C1 controls, as UTF-8.
    private static func isC1Control(lead: UInt8, _ second: UInt8) -> Bool {
        lead == 0xC2 && second < 0xA0
    }

    /// The length of the UTF-8 sequence a byte starts, or 1 for a byte that starts none.
    private static func utf8Length(lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 1
        }
    }

    /// Whether `byte` may stand at `position` (1, 2 or 3) of a sequence started by `lead`:
    /// no overlong forms, no surrogates, nothing past U+10FFFF.
    private static func isContinuation(_ byte: UInt8, at position: Int, lead: UInt8) -> Bool {
        guard position == 1 else { return byte & 0xC0 == 0x80 }
        switch lead {
        case 0xE0: return (0xA0...0xBF).contains(byte)
        case 0xED: return (0x80...0x9F).contains(byte)
        case 0xF0: return (0x90...0xBF).contains(byte)
        case 0xF4: return (0x80...0x8F).contains(byte)
        default: return byte & 0xC0 == 0x80
        }
    }

    /// Forwards a run of whole, valid characters and controls, remembering its last graphic
    /// character for REP.
    private mutating func appendText(_ buffer: UnsafeRawBufferPointer, _ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let run = UnsafeRawBufferPointer(rebasing: buffer[range])
        output.append(contentsOf: run)
        rememberLastGraphicCharacter(in: run)
    }

    private mutating func appendReplacementCharacter() {
        textModes.noteCharacter()
        output.append(contentsOf: Self.replacementCharacter)
        lastGraphicCharacter = Self.replacementCharacter
    }

    /// Looks back over `run` for the last character that takes a cell. However many controls
    /// follow it (NULs are common filler), it is the one REP repeats, as in xterm; a bounded
    /// look-back kept an older one, or none, depending on where a plain run cut the text (found
    /// by the pane-surface fuzz target). The scan stops at that character, so it stays linear.
    private mutating func rememberLastGraphicCharacter(in run: UnsafeRawBufferPointer) {
        var end = run.count
        while end > 0 {
            var start = end - 1
            while start > 0, run[start] & 0xC0 == 0x80 {
                start -= 1
            }
            let character = UnsafeRawBufferPointer(rebasing: run[start..<end])
            if Self.isGraphic(character) {
                lastGraphicCharacter = Array(character)
                return
            }
            end = start
        }
    }

    private static func isGraphic(_ character: UnsafeRawBufferPointer) -> Bool {
        if character.count == 1 {
            return (0x20...0x7E).contains(character[0])
        }
        guard let scalar = String(decoding: character, as: UTF8.self).unicodeScalars.first else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control, .unassigned, .surrogate, .privateUse, .lineSeparator, .paragraphSeparator:
            return false
        default:
            return true
        }
    }

    /// REP: copies of the last graphic character instead of libvterm's own REP.
    private mutating func appendRepetition(_ count: Int?) {
        guard !lastGraphicCharacter.isEmpty else { return }
        textModes.noteCharacter()
        for _ in 0..<min(max(count ?? 1, 1), repeatLimit) {
            output.append(contentsOf: lastGraphicCharacter)
        }
    }

    // MARK: - Escape, CSI, DCS, OSC and ignored strings

    private mutating func enterEscape() {
        state = .escape
        sequence.reset()
    }

    /// Handles one byte outside the ground state. Returns false when the byte was not consumed
    /// and must be read again in the new state.
    private mutating func step(_ byte: UInt8) -> Bool {
        switch state {
        case .ground:
            return false
        case .escape, .escapeIntermediate:
            return stepEscape(byte)
        case .csiEntry, .csiParameter, .csiIntermediate, .csiIgnore,
             .dcsEntry, .dcsParameter, .dcsIntermediate:
            return stepHeader(byte)
        case .dcsPassthrough, .oscString, .ignoredString:
            stepString(byte)
            return true
        case .dcsEscape, .oscEscape, .ignoredStringEscape:
            return stepStringEscape(byte)
        }
    }

    /// Bytes that end any sequence: a new ESC, CAN and SUB. Returns true when `byte` was one.
    private mutating func abortsSequence(_ byte: UInt8) -> Bool {
        switch byte {
        case Self.esc:
            enterEscape()
            return true
        case 0x18, 0x1A:
            state = .ground
            return true
        default:
            return false
        }
    }

    private mutating func stepEscape(_ byte: UInt8) -> Bool {
        if abortsSequence(byte) { return true }
        switch byte {
        case 0x00...0x1F:
            output.append(byte)  // C0 controls execute inside a sequence without ending it
            textModes.noteControl(byte)
        case 0x20...0x2F:
            state = .escapeIntermediate
            sequence.addIntermediate(byte)
        case 0x7F:
            break
        case 0x30...0x7E where state == .escapeIntermediate:
            // libvterm 0.1.4 starts strings and CSI even after intermediates: never hand it those.
            if !sequence.isIgnored, !"[]PX^_".utf8.contains(byte) {
                output.append(Self.esc)
                output.append(contentsOf: sequence.intermediates)
                output.append(byte)
                textModes.noteEscape(intermediates: sequence.intermediates, final: byte)
            }
            state = .ground
        case UInt8(ascii: "["):
            state = .csiEntry
        case UInt8(ascii: "]"):
            startString(.oscString)
        case UInt8(ascii: "P"):
            state = .dcsEntry
        case UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
            startString(.ignoredString)
        case UInt8(ascii: "Z"):
            // DECID: libvterm 0.1.4 ignores it; it means DA, which libvterm answers.
            output.append(contentsOf: [Self.esc, UInt8(ascii: "["), UInt8(ascii: "c")])
            state = .ground
        case UInt8(ascii: "\\"):
            state = .ground  // a stray string terminator
        case 0x30...0x7E:
            if byte == UInt8(ascii: "c") {
                lastGraphicCharacter = []  // RIS
            }
            endsPiece = byte == UInt8(ascii: "8")  // DECRC
            output.append(contentsOf: [Self.esc, byte])
            textModes.noteEscape(intermediates: [], final: byte)
            state = .ground
        default:
            state = .ground  // not part of any sequence: read it again as text
            return false
        }
        return true
    }

    /// CSI and DCS headers: private marker, parameters, intermediates, final byte.
    private mutating func stepHeader(_ byte: UInt8) -> Bool {
        if abortsSequence(byte) { return true }
        let isDCS = state == .dcsEntry || state == .dcsParameter || state == .dcsIntermediate
        switch byte {
        case 0x00...0x1F:
            if !isDCS {
                output.append(byte)  // executed where it stands, as libvterm and xterm do
                textModes.noteControl(byte)
            }
        case 0x7F:
            break
        case 0x80...:
            // Not part of a sequence (8-bit bytes are UTF-8 here): drop the sequence.
            state = .ground
            return false
        case _ where state == .csiIgnore:
            if byte >= 0x40 {
                state = .ground
            }
        case 0x30...0x39, UInt8(ascii: ";"), UInt8(ascii: ":"):
            if state == .csiIntermediate || state == .dcsIntermediate {
                sequence.isIgnored = true
            } else if byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") {
                sequence.addSeparator(byte)
            } else {
                sequence.addDigit(byte)
            }
            if state == .csiEntry { state = .csiParameter }
            if state == .dcsEntry { state = .dcsParameter }
        case 0x3C...0x3F:
            if state == .csiEntry || state == .dcsEntry {
                sequence.privateMarker = byte
                state = isDCS ? .dcsParameter : .csiParameter
            } else {
                sequence.isIgnored = true
            }
        case 0x20...0x2F:
            sequence.addIntermediate(byte)
            state = isDCS ? .dcsIntermediate : .csiIntermediate
        default:  // 0x40...0x7E, the final byte
            if isDCS {
                if sequence.isIgnored {
                    state = .ignoredString
                } else {
                    startString(.dcsPassthrough)
                    string.append(contentsOf: [Self.esc, UInt8(ascii: "P")])
                    sequence.encode(final: byte, into: &string)
                }
            } else {
                if sequence.isIgnored {
                    // dropped whole
                } else if byte == UInt8(ascii: "b"), sequence.privateMarker == nil, sequence.intermediates.isEmpty {
                    appendRepetition(sequence.parameters.first ?? nil)
                } else {
                    output.append(contentsOf: [Self.esc, UInt8(ascii: "[")])
                    sequence.encode(final: byte, into: &output)
                    endsPiece = sequence.restoresCursor(final: byte)
                    textModes.noteCSI(sequence, final: byte)
                }
                state = .ground
            }
        }
        if sequence.isIgnored, state == .csiParameter || state == .csiIntermediate {
            state = .csiIgnore
        }
        return true
    }

    private mutating func startString(_ stringState: State) {
        state = stringState
        string.removeAll(keepingCapacity: true)
        isStringOverLimit = false
        if stringState == .oscString {
            string.append(contentsOf: [Self.esc, UInt8(ascii: "]")])
        }
    }

    /// A byte inside an OSC, DCS or ignored string.
    private mutating func stepString(_ byte: UInt8) {
        switch byte {
        case Self.esc:
            state = switch state {
            case .oscString: .oscEscape
            case .dcsPassthrough: .dcsEscape
            default: .ignoredStringEscape
            }
        case 0x18, 0x1A:
            dropString()
        case Self.bel:
            finishString()
        case 0x00...0x1F, 0x7F:
            break  // never executed from inside a string (tmux ignores them too)
        default:
            guard state != .ignoredString, !isStringOverLimit else { return }
            if string.count >= stringLimit {
                isStringOverLimit = true
                string = []
            } else {
                string.append(byte)
            }
        }
    }

    /// The byte after an ESC inside a string: `\` completes the string; anything else starts a
    /// new escape sequence, after ending an OSC (as tmux does) or abandoning a DCS.
    private mutating func stepStringEscape(_ byte: UInt8) -> Bool {
        let wasOSC = state == .oscEscape
        if byte == UInt8(ascii: "\\") {
            finishString()
            return true
        }
        if wasOSC {
            finishString()
        } else {
            dropString()
        }
        enterEscape()
        return false
    }

    /// Forwards the OSC or DCS string in progress, whole and terminated by ST, unless it went
    /// over the limit; then returns to the ground state.
    private mutating func finishString() {
        let isForwarded = state == .oscString || state == .oscEscape || state == .dcsPassthrough || state == .dcsEscape
        if isForwarded, !isStringOverLimit {
            output.append(contentsOf: string)
            output.append(contentsOf: [Self.esc, UInt8(ascii: "\\")])
        }
        dropString()
    }

    private mutating func dropString() {
        state = .ground
        string.removeAll(keepingCapacity: string.capacity <= 4096)
        isStringOverLimit = false
    }
}
