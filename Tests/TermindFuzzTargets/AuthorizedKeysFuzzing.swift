import TermindDomain

/// A server's `~/.ssh/authorized_keys` as `keys install` reads it before deciding whether a key
/// is already there. Every key read is found by `contains`; the same file with each line
/// commented out (after any indent) authorizes nothing; CRLF endings read as LF ones.
enum AuthorizedKeysFuzzing {
    static let target = FuzzTarget("authorized-keys", "a server's authorized_keys file (keys install)") { input throws(FuzzFinding) in
        let file = AuthorizedKeys(input)
        for key in file.keys {
            try FuzzFinding.require(file.contains(keyType: key.keyType, blob: key.blob), "a key read is not found: \(key.keyType)")
        }
        let lines = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let commented = Array(lines.map { [UInt8(ascii: "#")] + $0 }.joined(separator: [UInt8(ascii: "\n")]))
        try FuzzFinding.require(AuthorizedKeys(commented).keys.isEmpty, "a commented-out line authorizes a key")
        // Only lines that do not already end in CR: "\r\r\n" keeps one CR in the line, as sshd does.
        if !lines.contains(where: { $0.last == UInt8(ascii: "\r") }) {
            let crlf = Array(lines.map(Array.init).joined(separator: [UInt8(ascii: "\r"), UInt8(ascii: "\n")]))
            try FuzzFinding.require(AuthorizedKeys(crlf) == file, "CRLF line endings read another set of keys")
        }
    }
}
