/// Ways a target cuts one fuzz input into the pieces its parser takes.
enum FuzzInput {
    /// The input cut at each NUL into at most `limit` parts (the last keeps any further NULs):
    /// several files of one fake file system.
    static func parts(_ input: [UInt8], limit: Int) -> [[UInt8]] {
        input.split(separator: 0, maxSplits: limit - 1, omittingEmptySubsequences: false).map(Array.init)
    }

    /// The bytes after the first, in chunks of 1 to 256 bytes as the first byte says (0: one
    /// chunk): how a stream arrives from a channel, split anywhere.
    static func chunks(_ input: [UInt8]) -> [ArraySlice<UInt8>] {
        guard let first = input.first else { return [] }
        let body = input.dropFirst()
        guard first != 0 else { return body.isEmpty ? [] : [body] }
        let size = Int(first)
        return stride(from: body.startIndex, to: body.endIndex, by: size).map { body[$0..<min($0 + size, body.endIndex)] }
    }

    /// The input as text, as the readers see a file (invalid UTF-8 repaired).
    static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
