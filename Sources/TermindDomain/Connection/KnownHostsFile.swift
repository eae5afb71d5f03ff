/// Reading a whole known_hosts file's text (OpenSSH's format) into trust records.
///
/// Pure: the caller reads the file; this only parses text. Safe from any thread.
public enum KnownHostsFile {
    /// Parses known_hosts text (OpenSSH's format): `[marker] patterns keytype base64 [comment]`,
    /// blank lines and `#` comments ignored. Bad lines (too few fields, bad base64, key blob whose
    /// type differs from the keytype field, unknown marker) are skipped with a warning naming
    /// file and line; the lines around them are still read. LF and CRLF line endings both work.
    ///
    /// - Parameters:
    ///   - text: the file's contents.
    ///   - file: the name warnings use (usually the path).
    public static func parse(_ text: String, file: String) -> (records: [KnownHost], warnings: [KnownHostsWarning]) {
        let parsed = parseNumbered(text, file: file)
        return (parsed.records.map(\.record), parsed.warnings)
    }

    /// `parse`, each record with its 1-based line number (for saying where a key lives).
    public static func parseNumbered(
        _ text: String, file: String
    ) -> (records: [(record: KnownHost, line: Int)], warnings: [KnownHostsWarning]) {
        var records: [(record: KnownHost, line: Int)] = []
        var warnings = [KnownHostsWarning]()
        // Split UTF-8 bytes on LF: as Characters, "\r\n" is one grapheme and would not split,
        // and bytes keep a 100,000-line file cheap to read.
        let bytes = Array(text.utf8)
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            switch KnownHostsLine.read(bytes: line) {
            case .ignored: continue
            case .record(let record): records.append((record, index + 1))
            case .invalid(let reason): warnings.append(KnownHostsWarning(file: file, line: index + 1, reason: reason))
            }
        }
        return (records, warnings)
    }
}
