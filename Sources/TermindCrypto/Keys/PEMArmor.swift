/// One `-----BEGIN LABEL-----` … `-----END LABEL-----` block of PEM text (RFC 7468, plus the
/// RFC 1421 `Name: value` headers that traditional encrypted keys carry).
///
/// A value type that holds a key file's body: it prints only its label.
struct PEMArmor: CustomStringConvertible, CustomReflectable {
    /// The text between `BEGIN ` and the dashes, e.g. `OPENSSH PRIVATE KEY`.
    let label: String
    /// Header lines before the body, e.g. `("Proc-Type", "4,ENCRYPTED")`.
    let headers: [(name: String, value: String)]
    /// The decoded body.
    let body: [UInt8]
    /// The block's own text, BEGIN line to END line, for libcrypto's PEM reader.
    let text: [UInt8]

    var description: String { "PEM block \(label)" }
    var customMirror: Mirror { Mirror(self, children: ["label": label]) }

    /// The first block whose label satisfies `accepts`, decoded.
    ///
    /// - Throws: ``SSHKeyError/malformed(_:)`` when there is no such block, its END line is
    ///   missing or its base64 is damaged (a file cut short usually shows as one of these).
    static func first(in text: [UInt8], where accepts: (String) -> Bool) throws(SSHKeyError) -> PEMArmor {
        let lines = text.split(omittingEmptySubsequences: false) { $0 == UInt8(ascii: "\n") }
            .map { line in line.last == UInt8(ascii: "\r") ? line.dropLast() : line[...] }
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard let label = Self.label(of: lines[index], marker: "BEGIN"), accepts(label) else { continue }
            var headers: [(name: String, value: String)] = []
            var bodyLines: [ArraySlice<UInt8>] = []
            var cursor = index + 1
            var inHeaders = true
            while cursor < lines.count {
                let line = lines[cursor]
                if let endLabel = Self.label(of: line, marker: "END") {
                    guard endLabel == label else {
                        throw .malformed("the \(label) block ends with an END \(endLabel) line")
                    }
                    guard let body = Base64.decode(bodyLines.joined()) else {
                        throw .malformed("the base64 text of the \(label) block is damaged or truncated")
                    }
                    let newline = UInt8(ascii: "\n")
                    let blockLines = lines[index...cursor].map(Array.init)
                    let blockText = Array(blockLines.joined(separator: [newline])) + [newline]
                    return PEMArmor(label: label, headers: headers, body: body, text: blockText)
                }
                if inHeaders, let colon = line.firstIndex(of: UInt8(ascii: ":")) {
                    let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self)
                    let value = String(decoding: line[(colon + 1)...], as: UTF8.self)
                    headers.append((name, value.trimmingSpaces))
                } else if !line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
                    inHeaders = false
                    bodyLines.append(line)
                }
                cursor += 1
            }
            throw .malformed("the -----END \(label)----- line is missing (the file may be truncated)")
        }
        throw .malformed("no -----BEGIN ... PRIVATE KEY----- line")
    }

    /// PEM text for `body` under `label`, base64 wrapped at `lineLength` characters.
    static func encode(_ body: [UInt8], label: String, lineLength: Int = 70) -> [UInt8] {
        let encoded = Array(Base64.encode(body).utf8)
        var text = Array("-----BEGIN \(label)-----\n".utf8)
        var start = 0
        while start < encoded.count {
            let end = min(start + lineLength, encoded.count)
            text += encoded[start..<end]
            text.append(UInt8(ascii: "\n"))
            start = end
        }
        text += Array("-----END \(label)-----\n".utf8)
        return text
    }

    private static func label(of line: ArraySlice<UInt8>, marker: String) -> String? {
        let text = String(decoding: line, as: UTF8.self).trimmingSpaces
        let prefix = "-----\(marker) "
        guard text.hasPrefix(prefix), text.hasSuffix("-----"), text.count > prefix.count + 5 else { return nil }
        return String(text.dropFirst(prefix.count).dropLast(5))
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}
