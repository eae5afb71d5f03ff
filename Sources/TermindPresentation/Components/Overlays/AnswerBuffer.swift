import Foundation
import TermindDomain

/// What the person types into a dialog's field (a password, a passphrase, a one-time code):
/// UTF-8 in memory of its own that is zeroed as characters are erased, when it grows and when
/// the dialog goes, never in a `String` (which cannot be wiped). Copies of the dialog's value
/// share it.
final class AnswerBuffer {
    private var memory: UnsafeMutableBufferPointer<UInt8>
    private var used = 0

    init() { memory = .allocate(capacity: 256) }

    deinit {
        explicit_bzero(memory.baseAddress!, memory.count)
        memory.deallocate()
    }

    private var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: memory[..<used]) }

    /// The characters typed, for a field that may show them.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// How many characters (Unicode scalars) a masked field shows as dots.
    var count: Int { bytes.reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 } }

    var isEmpty: Bool { used == 0 }

    /// The answer to send, in a `Secret` of its own.
    var secret: Secret { Secret(bytes: bytes) }

    func append(_ text: some StringProtocol) {
        for byte in text.utf8 {
            if used == memory.count { grow() }
            memory[used] = byte
            used += 1
        }
    }

    /// Erases the last character (its whole UTF-8 sequence).
    func removeLast() {
        while used > 0 {
            used -= 1
            let byte = memory[used]
            memory[used] = 0
            if byte & 0xC0 != 0x80 { break }
        }
    }

    func clear() {
        explicit_bzero(memory.baseAddress!, used)
        used = 0
    }

    private func grow() {
        let grown = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: memory.count * 2)
        _ = grown.initialize(from: memory)
        explicit_bzero(memory.baseAddress!, memory.count)
        memory.deallocate()
        memory = grown
    }
}
