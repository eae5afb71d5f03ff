/// Cuts the byte stream from the remote side into pieces that libvterm 0.1.4 parses correctly,
/// whatever the network's chunk boundaries.
///
/// libvterm 0.1.4 cannot resume three things across `vterm_input_write` calls:
/// - an OSC or DCS string: the part before the split is lost, and an `ESC \` terminator split
///   between its two bytes reaches the OSC handler with a length of -1;
/// - a UTF-8 sequence: each half becomes U+FFFD;
/// - an escape sequence that turns out to be a string libvterm does not know (below).
///
/// So an unterminated OSC / DCS is held here and fed whole once its BEL or `ESC \` arrives; an
/// incomplete UTF-8 sequence or escape sequence at the end of a write is held and fed in front
/// of the next write. A held string longer than `limit` is dropped with the rest of that string
/// (so a runaway string cannot grow memory), and nothing of it reaches the screen.
///
/// SOS, PM and APC strings (`ESC X`, `ESC ^`, `ESC _`, used by tmux and kitty's graphics) are
/// swallowed: libvterm 0.1.4 has no parser state for them and would print their contents.
///
/// A value owned by its `VTermSurface`, on the same thread.
struct VTermInputHoldBack {
    /// What a control string is for.
    enum StringKind: Equatable {
        /// OSC or DCS: fed to libvterm whole.
        case forwarded
        /// SOS, PM or APC: never fed.
        case swallowed
    }

    /// The scanner's view of libvterm's parser, kept across writes.
    enum State: Equatable {
        /// Text, controls, CSI sequences.
        case ground
        /// After ESC (and any intermediate bytes).
        case escape
        /// Inside a control string.
        case string(StringKind)
        /// Inside a control string, just after an ESC that may start its `ESC \` terminator.
        case stringEscape(StringKind)
    }

    static let defaultLimit = 64 * 1024
    /// An escape sequence longer than this (ESC followed by intermediate bytes) is not held.
    static let escapeHoldLimit = 32

    let limit: Int
    private(set) var state: State = .ground
    /// The forwarded string in progress, from its ESC: not yet fed.
    private var heldString: [UInt8] = []
    /// True once the string in progress outgrew `limit`: its bytes are being dropped.
    private var isDroppingString = false
    /// An incomplete UTF-8 or escape sequence from the end of the last write; the next write is
    /// scanned from `.ground` with these bytes in front.
    private var heldPrefix: [UInt8] = []

    init(limit: Int = VTermInputHoldBack.defaultLimit) {
        self.limit = limit
    }

    /// How many bytes are held back, waiting for the rest of their sequence.
    var heldCount: Int { heldString.count + heldPrefix.count }

    /// Scans `input` and calls `feed` with every piece that is safe to hand to libvterm now,
    /// in order. Pieces are never empty.
    mutating func process(_ input: UnsafeRawBufferPointer, feed: (UnsafeRawBufferPointer) -> Void) {
        if heldPrefix.isEmpty {
            scan(input, feed: feed)
        } else {
            var combined = heldPrefix
            heldPrefix = []
            combined.append(contentsOf: input)
            combined.withUnsafeBytes { scan($0, feed: feed) }
        }
    }

    // MARK: - Scanning

    private static let esc: UInt8 = 0x1B
    private static let bel: UInt8 = 0x07
    private static let can: UInt8 = 0x18
    private static let sub: UInt8 = 0x1A
    private static let backslash: UInt8 = 0x5C

    /// Index positions in `buffer` may be -1: a virtual ESC just before the buffer, left over
    /// when a string was abandoned by an ESC that ended the previous write.
    private mutating func scan(_ buffer: UnsafeRawBufferPointer, feed: (UnsafeRawBufferPointer) -> Void) {
        let count = buffer.count
        // Start of the bytes outside any string that are neither fed nor held yet.
        var direct = 0
        // Start of the current forwarded string's bytes in this buffer not yet in `heldString`.
        var stringStart = 0
        // Start (the ESC) of the escape sequence in progress.
        var escapeStart = 0
        var escapeHasIntermediates = false

        var index = 0
        while index < count {
            let byte = buffer[index]
            switch state {
            case .ground:
                if byte == Self.esc {
                    state = .escape
                    escapeStart = index
                    escapeHasIntermediates = false
                }

            case .escape:
                switch byte {
                case Self.esc:
                    escapeStart = index
                    escapeHasIntermediates = false
                case Self.can, Self.sub:
                    state = .ground
                case 0x5D, 0x50:  // ']' OSC, 'P' DCS (libvterm starts them even after intermediates)
                    emit(buffer, direct..<escapeStart, feed: feed)
                    state = .string(.forwarded)
                    heldString = []
                    isDroppingString = false
                    stringStart = escapeStart
                case 0x58, 0x5E, 0x5F:  // 'X' SOS, '^' PM, '_' APC
                    if escapeHasIntermediates {
                        state = .ground  // an ordinary escape sequence to libvterm
                    } else {
                        emit(buffer, direct..<escapeStart, feed: feed)
                        state = .string(.swallowed)
                    }
                case 0x20...0x2F:
                    escapeHasIntermediates = true
                case 0x00..<0x20, 0x7F:
                    break  // C0 controls execute inside an escape sequence without ending it
                default:
                    state = .ground
                }

            case .string(let kind):
                switch byte {
                case Self.bel:
                    finishString(kind, buffer, stringStart...index, feed: feed)
                    direct = index + 1
                case Self.esc:
                    state = .stringEscape(kind)
                case Self.can, Self.sub:
                    // libvterm aborts the string and prints nothing of it; so do we.
                    dropString()
                    direct = index + 1
                default:
                    break
                }

            case .stringEscape(let kind):
                if byte == Self.backslash {
                    finishString(kind, buffer, stringStart...index, feed: feed)
                    direct = index + 1
                } else {
                    // ESC followed by anything else abandons the string (libvterm never
                    // dispatches it) and starts an escape sequence: scan this byte again.
                    dropString()
                    state = .escape
                    escapeStart = index - 1
                    escapeHasIntermediates = false
                    direct = index - 1
                    continue
                }
            }
            index += 1
        }

        switch state {
        case .ground:
            let tail = Self.incompleteUTF8Start(buffer, from: max(direct, 0))
            emit(buffer, direct..<(tail ?? count), feed: feed)
            if let tail {
                heldPrefix = Array(UnsafeRawBufferPointer(rebasing: buffer[tail..<count]))
            }
        case .escape:
            if count - escapeStart > Self.escapeHoldLimit {
                emit(buffer, direct..<count, feed: feed)
            } else {
                emit(buffer, direct..<escapeStart, feed: feed)
                heldPrefix = bytes(buffer, escapeStart..<count)
            }
            state = .ground
        case .string(.forwarded), .stringEscape(.forwarded):
            holdStringBytes(buffer, stringStart..<count)
        case .string(.swallowed), .stringEscape(.swallowed):
            break
        }
    }

    /// Feeds a terminated string (whole, in one piece) unless it was dropped.
    private mutating func finishString(
        _ kind: StringKind,
        _ buffer: UnsafeRawBufferPointer,
        _ range: ClosedRange<Int>,
        feed: (UnsafeRawBufferPointer) -> Void
    ) {
        state = .ground
        guard kind == .forwarded, !isDroppingString else {
            dropString()
            return
        }
        if heldString.isEmpty {
            emit(buffer, range.lowerBound..<(range.upperBound + 1), feed: feed)
        } else {
            var whole = heldString
            heldString = []
            whole.append(contentsOf: bytes(buffer, range.lowerBound..<(range.upperBound + 1)))
            whole.withUnsafeBytes(feed)
        }
    }

    private mutating func holdStringBytes(_ buffer: UnsafeRawBufferPointer, _ range: Range<Int>) {
        guard !isDroppingString else { return }
        if heldString.count + range.count > limit {
            isDroppingString = true
            heldString = []
        } else {
            heldString.append(contentsOf: bytes(buffer, range))
        }
    }

    private mutating func dropString() {
        state = .ground
        heldString = []
        isDroppingString = false
    }

    // MARK: - Byte ranges (with the virtual ESC at -1)

    private func emit(_ buffer: UnsafeRawBufferPointer, _ range: Range<Int>, feed: (UnsafeRawBufferPointer) -> Void) {
        guard !range.isEmpty else { return }
        if range.lowerBound >= 0 {
            feed(UnsafeRawBufferPointer(rebasing: buffer[range]))
        } else {
            bytes(buffer, range).withUnsafeBytes(feed)
        }
    }

    private func bytes(_ buffer: UnsafeRawBufferPointer, _ range: Range<Int>) -> [UInt8] {
        guard range.lowerBound < 0 else { return Array(UnsafeRawBufferPointer(rebasing: buffer[range])) }
        return [Self.esc] + UnsafeRawBufferPointer(rebasing: buffer[0..<range.upperBound])
    }

    /// The index where an unfinished UTF-8 sequence at the end of `buffer` starts, if any.
    private static func incompleteUTF8Start(_ buffer: UnsafeRawBufferPointer, from lowerBound: Int) -> Int? {
        var index = buffer.count - 1
        var continuationBytes = 0
        while index >= lowerBound, continuationBytes < 3 {
            let byte = buffer[index]
            if byte & 0xC0 == 0x80 {
                continuationBytes += 1
                index -= 1
                continue
            }
            let needed: Int
            switch byte {
            case 0xC2...0xDF: needed = 1
            case 0xE0...0xEF: needed = 2
            case 0xF0...0xF4: needed = 3
            default: return nil
            }
            return continuationBytes < needed ? index : nil
        }
        return nil
    }
}
