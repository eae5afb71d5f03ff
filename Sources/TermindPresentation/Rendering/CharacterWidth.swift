/// How many terminal columns a character takes when Termind draws its own text, the one width
/// function of the TUI: the C library's `wcwidth` for the person's UTF-8 locale (what the outer
/// terminal most likely uses; `LocaleCharacterWidth`), with tmux's rule that emoji shown as
/// pictures (Emoji_Presentation, or any character with U+FE0F) take 2. Without a UTF-8 locale
/// it falls back to the ranges terminals use (Markus Kuhn's `wcwidth`, which libvterm also
/// follows): 2 for East Asian wide and fullwidth characters, 0 for a lone combining mark or an
/// invisible format character, 1 otherwise. Pane cells come with libvterm's widths; where a
/// terminal may disagree, the renderer re-anchors (`isUncertain`).
enum CharacterWidth {
    static func columns(of character: Character) -> Int {
        columns(of: character, in: LocaleCharacterWidth.environment)
    }

    /// The width of `character` under `locale` (nil: the built-in table).
    static func columns(of character: Character, in locale: LocaleCharacterWidth?) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // tmux's wide-emoji rule: a picture takes two columns whatever the table says.
        if first.value >= 0x1100, first.properties.isEmojiPresentation {
            return 2
        }
        // U+FE0F asks for the picture form of a character that defaults to text (☺️, ❤️).
        if scalars.count > 1, scalars.contains("\u{FE0F}") {
            return 2
        }
        if first.value >= 0x80, let locale, let width = locale.columns(of: first) {
            return width
        }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            // Swift joins a mark to the character before it; one that starts a Character has
            // nothing to sit on.
            return 0
        default:
            break
        }
        return isWide(first) ? 2 : 1
    }

    /// The columns `text` takes, character by character.
    static func columns(of text: String) -> Int {
        text.reduce(0) { $0 + columns(of: $1) }
    }

    /// True when terminals disagree about how many columns `text` takes, so the renderer must
    /// not count on the cursor's place after writing it: format characters (U+0600–U+0605,
    /// U+06DD, U+200B and the like: width 0 in Kuhn's table and libvterm, 1 in glibc and tmux),
    /// emoji (text or picture form, ZWJ sequences, skin tones, flags), a cell starting with a
    /// combining mark, Hangul jamo vowels and finals, private-use and unassigned characters.
    /// Letters, CJK ideographs, kana, Hangul syllables, box drawing and combining marks on a
    /// letter are certain. ASCII takes the fast path.
    static func isUncertain(_ text: String) -> Bool {
        let utf8 = text.utf8
        if utf8.count <= 1 { return false }
        var isFirst = true
        for scalar in text.unicodeScalars {
            defer { isFirst = false }
            let value = scalar.value
            if value < 0x300 && value != 0xAD { continue }  // Latin (U+00AD, the soft hyphen, differs)
            switch scalar.properties.generalCategory {
            case .format, .privateUse, .unassigned, .surrogate, .control, .lineSeparator, .paragraphSeparator:
                return true
            case .nonspacingMark, .enclosingMark, .spacingMark:
                if isFirst || value >= 0x2000 { return true }  // VS16, keycaps, marks with no base
                continue
            default:
                break
            }
            if !isFirst { return true }  // ZWJ sequences, skin tones, regional-indicator pairs
            if value >= 0x1F000 || (0x2300...0x2BFF).contains(value) && scalar.properties.isEmoji { return true }
            if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return true }
        }
        return false
    }

    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value >= 0x1100 else { return false }
        if scalar.properties.isEmojiPresentation {
            return true
        }
        for range in wideRanges where range.contains(value) {
            return true
        }
        return false
    }

    /// East Asian Wide and Fullwidth blocks (Kuhn's table, which libvterm 0.1.4 uses).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul Jamo leading consonants
        0x2329...0x232A,  // angle brackets
        0x2E80...0x303E,  // CJK radicals, Kangxi, CJK symbols and punctuation
        0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, CJK compatibility
        0x3400...0x4DBF,  // CJK extension A
        0x4E00...0x9FFF,  // CJK unified ideographs
        0xA000...0xA4CF,  // Yi
        0xAC00...0xD7A3,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFE10...0xFE19,  // vertical forms
        0xFE30...0xFE6F,  // CJK compatibility forms
        0xFF00...0xFF60,  // fullwidth forms
        0xFFE0...0xFFE6,  // fullwidth signs
        0x20000...0x2FFFD,  // CJK extensions B and later
        0x30000...0x3FFFD,
    ]
}
