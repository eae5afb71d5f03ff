/// How OpenSSH cuts an ssh_config line into words (readconf.c and misc.c), on bytes: a keyword
/// ended by whitespace or one `=` (`Key value`, `Key=value`, `Key = value`), then arguments
/// split on blanks with `"`/`'` quoting and `\` escapes, a word starting with `#` ending the line.
enum SSHConfigLexer {
    static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r"), formFeed = UInt8(0x0C)
    static let quote = UInt8(ascii: "\""), singleQuote = UInt8(ascii: "'"), backslash = UInt8(ascii: "\\")
    static let equals = UInt8(ascii: "="), hash = UInt8(ascii: "#")

    /// OpenSSH's WHITESPACE: space, tab, CR, LF.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == carriageReturn || byte == newline
    }

    /// The file's lines as getline(3) reads them (split on LF only), each without its LF and
    /// with trailing whitespace and form feeds removed; the first byte is never removed.
    static func lines(_ text: String) -> [[UInt8]] {
        var lines = Array(text.utf8).split(separator: newline, omittingEmptySubsequences: false).map(Array.init)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { line in
            var end = line.count
            while end > 1, isWhitespace(line[end - 1]) || line[end - 1] == formFeed { end -= 1 }
            return Array(line[..<end])
        }
    }

    /// misc.c's `strdelim`: the next word of `bytes` from `cursor`, ended by whitespace, a
    /// double-quoted run, or (with `splitEquals`) a single `=`. The cursor moves past the
    /// delimiter and following whitespace (and one `=` after whitespace); nil once it runs off
    /// the end. Returns nil at an unmatched quote or when the cursor is already nil.
    static func nextWord(_ bytes: [UInt8], _ cursor: inout Int?, splitEquals: Bool = true) -> [UInt8]? {
        guard let start = cursor else { return nil }
        func skipWhitespace(_ from: Int) -> Int {
            var index = from
            while index < bytes.count, isWhitespace(bytes[index]) { index += 1 }
            return index
        }
        guard let stop = bytes[start...].firstIndex(where: { isWhitespace($0) || $0 == quote || (splitEquals && $0 == equals) })
        else {
            cursor = nil
            return Array(bytes[start...])
        }
        if bytes[stop] == quote {
            guard let close = bytes[(stop + 1)...].firstIndex(of: quote) else {
                cursor = nil
                return nil
            }
            cursor = skipWhitespace(close + 1)
            return Array(bytes[start..<stop]) + Array(bytes[(stop + 1)..<close])
        }
        let splitOnEquals = splitEquals && bytes[stop] == equals
        var next = skipWhitespace(stop + 1)
        if splitEquals, !splitOnEquals, next < bytes.count, bytes[next] == equals { next = skipWhitespace(next + 1) }
        cursor = next
        return Array(bytes[start..<stop])
    }

    /// misc.c's `argv_split` with comments: words separated by spaces and tabs; `"` and `'`
    /// quote (also in mid-word); `\"`, `\'`, `\\` and, outside quotes, `\ ` escape; a word that
    /// starts with `#` ends the line. nil when a quote is not closed.
    static func arguments(_ bytes: ArraySlice<UInt8>) -> [String]? {
        var words: [String] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == space || byte == tab {
                index += 1
                continue
            }
            if byte == hash { break }
            var word: [UInt8] = []
            var open: UInt8? = nil
            while index < bytes.endIndex {
                let byte = bytes[index]
                let next = index + 1 < bytes.endIndex ? bytes[index + 1] : nil
                if byte == backslash {
                    if let next, next == singleQuote || next == quote || next == backslash || (open == nil && next == space) {
                        index += 1
                        word.append(next)
                    } else {
                        word.append(byte)
                    }
                } else if open == nil, byte == space || byte == tab {
                    break
                } else if open == nil, byte == quote || byte == singleQuote {
                    open = byte
                } else if let quoteByte = open, byte == quoteByte {
                    open = nil
                } else {
                    word.append(byte)
                }
                index += 1
            }
            if open != nil { return nil }
            words.append(String(decoding: word, as: UTF8.self))
        }
        return words
    }

    static func string(_ bytes: some Sequence<UInt8>) -> String { String(decoding: Array(bytes), as: UTF8.self) }
}
