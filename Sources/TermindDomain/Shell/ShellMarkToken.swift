import TermindCrypto

/// The secret one shell session's integration writes into each of its marks (`termind=TOKEN`,
/// docs/behaviour.md §3), so that marks a program prints (a file `cat`, a log line, a web page)
/// cannot pass for the shell's: 16 random bytes from termind's CSPRNG in hex, fresh for each
/// pane session, sent to the shell on its terminal and never in a command line on the server.
public struct ShellMarkToken: Sendable, Hashable {
    /// 32 lowercase hex digits.
    public let text: String

    public init(randomBytes: [UInt8]) {
        precondition(randomBytes.count >= 16, "a shell mark token needs 16 random bytes")
        let digits = Array("0123456789abcdef".utf8)
        text = String(decoding: randomBytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] }, as: UTF8.self)
    }

    /// A fresh token from termind's CSPRNG.
    public static func random() throws -> ShellMarkToken {
        ShellMarkToken(randomBytes: try SecureRandom.bytes(count: 16))
    }

    /// The field a mark carries it in: the last `;` field of an OSC 133, the query of an OSC 7.
    public var field: String { Self.fieldName + text }

    static let fieldName = "termind="
}
