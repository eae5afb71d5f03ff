import Foundation

/// One line of a known_hosts file, OpenSSH's format: `[marker] patterns keytype base64 [comment]`.
///
/// Reading follows OpenSSH's `hostfile.c`: fields are separated by spaces or tabs, a leading `@`
/// token must be exactly `@revoked` or `@cert-authority`, the base64 must decode (padding
/// included) to a wire-format key whose own type name equals the key type field, and a hashed
/// host field (`|...`) must carry `|1|` and a 20-byte salt. Pure functions; safe from any thread.
public enum KnownHostsLine {
    /// What reading one line gave.
    public enum Reading: Sendable, Equatable {
        /// A blank line or a `#` comment: nothing to read, nothing to warn about.
        case ignored
        /// A record.
        case record(KnownHost)
        /// A line that cannot be read; `reason` says why.
        case invalid(reason: String)
    }

    /// Reads one line (without its line terminator; a trailing `\r` is ignored).
    public static func read<Line: StringProtocol>(_ line: Line) -> Reading {
        read(bytes: Array(line.utf8)[...])
    }

    /// The same over UTF-8 bytes: files of many thousand lines are read without building a
    /// `Character` per byte.
    static func read(bytes line: ArraySlice<UInt8>) -> Reading {
        var rest = line
        if rest.last == UInt8(ascii: "\r") { rest = rest.dropLast() }
        rest = rest.drop(while: isBlank)
        if rest.isEmpty || rest.first == UInt8(ascii: "#") { return .ignored }

        var marker = KnownHost.Marker.none
        if rest.first == UInt8(ascii: "@") {
            // OpenSSH (`check_markers`) ends a marker at the line's first space, at its first tab
            // only when it has no space: `@revoked<TAB>host keytype key` is not a marker there.
            let end = rest.firstIndex(of: UInt8(ascii: " ")) ?? rest.firstIndex(of: UInt8(ascii: "\t")) ?? rest.endIndex
            let token = String(decoding: rest[..<end], as: UTF8.self)
            rest = rest[end...].drop(while: isBlank)
            switch token {
            case KnownHost.Marker.revoked.rawValue: marker = .revoked
            case KnownHost.Marker.certAuthority.rawValue: marker = .certAuthority
            default:
                let tabbed = token.split(separator: "\t", maxSplits: 1).first.map(String.init) ?? token
                if tabbed != token, KnownHost.Marker(rawValue: tabbed) != nil {
                    return .invalid(reason: "a tab after \(tabbed) and a space later in the line: ssh reads no marker and skips the line; put a space after \(tabbed)")
                }
                return .invalid(reason: "unknown marker \(token)")
            }
            if rest.first == UInt8(ascii: "@") { return .invalid(reason: "more than one marker") }
        }
        let pattern = String(decoding: nextField(&rest), as: UTF8.self)
        let keyType = String(decoding: nextField(&rest), as: UTF8.self)
        let encoded = nextField(&rest)
        guard !pattern.isEmpty else { return .invalid(reason: "no host pattern") }
        guard !keyType.isEmpty, !encoded.isEmpty else { return .invalid(reason: "too few fields") }
        if pattern.hasPrefix("|"), KnownHostsPattern.hashedParts(of: pattern) == nil {
            return .invalid(reason: "bad host hash")
        }
        guard let data = Data(base64Encoded: Data(encoded)), !data.isEmpty else {
            return .invalid(reason: "key is not valid base64")
        }
        let blob = [UInt8](data)
        guard let blobType = PublicKeyBlob.algorithmName(of: blob) else {
            return .invalid(reason: "key blob is not an SSH public key")
        }
        guard blobType == keyType else {
            return .invalid(reason: "key type \(keyType) but the key is \(blobType)")
        }
        while let last = rest.last, isBlank(last) { rest = rest.dropLast() }
        return .record(
            KnownHost(
                pattern: pattern, keyType: keyType, keyBlob: blob, marker: marker,
                comment: String(decoding: rest, as: UTF8.self)))
    }

    /// The record as a known_hosts line: `[marker] pattern keytype base64 [comment]`.
    public static func format(_ record: KnownHost) -> String {
        var parts = [String]()
        if record.marker != .none { parts.append(record.marker.rawValue) }
        parts += [record.pattern, record.keyType, Data(record.keyBlob).base64EncodedString()]
        if !record.comment.isEmpty { parts.append(record.comment) }
        return parts.joined(separator: " ")
    }

    /// Spaces and tabs separate fields, as in OpenSSH (`strspn(cp, " \t")`).
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// Takes the next field off `rest` and skips the blanks after it.
    private static func nextField(_ rest: inout ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let field = rest.prefix(while: { !isBlank($0) })
        rest = rest[field.endIndex...].drop(while: isBlank)
        return field
    }
}
