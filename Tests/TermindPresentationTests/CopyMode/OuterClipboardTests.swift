import XCTest
@testable import TermindPresentation

/// A copy reaches the outer terminal as OSC 52, byte for byte, and inside tmux also through
/// tmux's passthrough with every ESC inside doubled.
final class OuterClipboardTests: XCTestCase {
    func testOutsideTmuxTheCopyIsOneOSC52Sequence() {
        let bytes = OuterClipboard.sequence(copying: Array("héllo\n".utf8), insideTmux: false)
        XCTAssertEqual(bytes, Array("\u{1B}]52;c;aMOpbGxvCg==\u{07}".utf8))
    }

    func testInsideTmuxThePassthroughFollowsThePlainSequence() {
        let bytes = OuterClipboard.sequence(copying: Array("hi".utf8), insideTmux: true)
        let plain = "\u{1B}]52;c;aGk=\u{07}"
        let wrapped = "\u{1B}Ptmux;\u{1B}\u{1B}]52;c;aGk=\u{07}\u{1B}\\"
        XCTAssertEqual(bytes.map { String(decoding: $0, as: UTF8.self) }, plain + wrapped)
    }

    func testACopyTooLargeForTheClipboardIsNotSent() {
        let large = [UInt8](repeating: UInt8(ascii: "x"), count: OuterClipboard.maximumBase64 / 4 * 3 + 3)
        XCTAssertNil(OuterClipboard.sequence(copying: large, insideTmux: false))
        XCTAssertNotNil(OuterClipboard.sequence(copying: Array(large.dropLast(3)), insideTmux: false))
    }
}
