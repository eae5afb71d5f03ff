import TermindTestSupport
import XCTest
@testable import TermindPresentation

final class TextElisionTests: XCTestCase {
    func testAPathKeepsItsSideTheRootsFirstComponentAndTheTrailingComponentsThatFit() {
        let path = "srv:/home/tb/projects/termind/deploy/releases"
        XCTAssertEqual(TextElision.path(path, to: 80), path, "a path that fits is whole")
        XCTAssertEqual(TextElision.path(path, to: 30), "srv:/home/…/deploy/releases")
        XCTAssertEqual(TextElision.path(path, to: 22), "srv:/home/…/releases")
        XCTAssertEqual(TextElision.path(path, to: 15), "srv:/…/releases")
        XCTAssertEqual(TextElision.path(path, to: 14), "srv:…/releases")
        XCTAssertEqual(TextElision.path(path, to: 11), "srv:…/r…ses", "the last component loses its own middle only when it cannot fit")
    }

    func testAPathWithoutASideOrUnderHomeIsElidedTheSameWay() {
        XCTAssertEqual(TextElision.path("/var/lib/docker/volumes/data/_data", to: 20), "/var/…/data/_data")
        XCTAssertEqual(TextElision.path("~/src/a/b/c/termind", to: 16), "~/src/…/termind")
        XCTAssertEqual(TextElision.path("a note, not a path", to: 10), "a n…a path", "text with no slash is elided in its middle")
    }

    func testWideCharactersAreNeverSplitAndTheWidthIsKept() {
        let path = "srv:/home/漢字漢字/文書/報告書/最終版"
        for width in 1...40 {
            let elided = TextElision.path(path, to: width)
            XCTAssertLessThanOrEqual(CharacterWidth.columns(of: elided), width, "\(width): \(elided)")
            XCTAssertTrue(elided.allSatisfy { $0 == "…" || path.contains($0) }, "\(width): \(elided) holds only whole characters of the path")
        }
        XCTAssertEqual(TextElision.path(path, to: 21), "srv:/home/…/最終版")
        XCTAssertEqual(TextElision.middle("漢字漢字漢字", to: 7), "漢…漢字", "7 columns: a wide character would not fit in the last one")
    }

    func testAnyTextAtAnyWidthFitsAndKeepsItsEnds() {
        var random = SeededRandom(seed: 44)
        let alphabet: [Character] = ["a", "b", "/", "/", ":", " ", "漢", "é", "\u{1F600}", "-"]
        for _ in 0..<2_000 {
            let text = String((0..<Int.random(in: 0..<40, using: &random)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] })
            let width = Int.random(in: 0..<45, using: &random)
            for elided in [TextElision.path(text, to: width), TextElision.middle(text, to: width)] {
                XCTAssertLessThanOrEqual(CharacterWidth.columns(of: elided), width, "\(text.debugDescription) at \(width): \(elided)")
                if CharacterWidth.columns(of: text) <= width { XCTAssertEqual(elided, text) }
            }
        }
    }
}
