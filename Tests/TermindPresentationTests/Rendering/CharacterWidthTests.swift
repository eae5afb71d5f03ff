import XCTest
@testable import TermindPresentation

final class CharacterWidthTests: XCTestCase {
    private func utf8Locale() throws -> LocaleCharacterWidth {
        try XCTUnwrap(LocaleCharacterWidth(localeName: "C.UTF-8"), "Debian 12's libc ships the C.UTF-8 locale")
    }

    func testUnderAUTF8LocaleWidthsAreGlibcsWcwidth() throws {
        let locale = try utf8Locale()
        // Where Kuhn's table (and libvterm) say 0 and glibc and tmux say 1: issue 24's Navigator breaker.
        for scalar in ["\u{600}", "\u{6DD}", "\u{70F}", "\u{8E2}", "\u{110BD}"] as [Character] {
            XCTAssertEqual(CharacterWidth.columns(of: scalar, in: locale), 1, "U+\(String(scalar.unicodeScalars.first!.value, radix: 16))")
        }
        XCTAssertEqual(CharacterWidth.columns(of: "漢", in: locale), 2)
        XCTAssertEqual(CharacterWidth.columns(of: "é", in: locale), 1)
        XCTAssertEqual(CharacterWidth.columns(of: "\u{301}", in: locale), 0)
    }

    func testPicturesTakeTwoColumnsAsTmuxDrawsThem() throws {
        let locale = try utf8Locale()
        XCTAssertEqual(CharacterWidth.columns(of: "\u{1F600}", in: locale), 2)
        XCTAssertEqual(CharacterWidth.columns(of: "\u{2764}\u{FE0F}", in: locale), 2)
        XCTAssertEqual(CharacterWidth.columns(of: "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", in: locale), 2)
        XCTAssertEqual(CharacterWidth.columns(of: "\u{1F600}", in: nil), 2)
    }

    func testWithoutAUTF8LocaleTheBuiltInTableIsUsed() {
        XCTAssertNil(LocaleCharacterWidth(localeName: "C"))
        XCTAssertEqual(CharacterWidth.columns(of: "\u{600}", in: nil), 0)
        XCTAssertEqual(CharacterWidth.columns(of: "漢", in: nil), 2)
        XCTAssertEqual(CharacterWidth.columns(of: "a", in: nil), 1)
    }
}
