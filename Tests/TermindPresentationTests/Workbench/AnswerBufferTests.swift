import TermindDomain
@testable import TermindPresentation
import XCTest

final class AnswerBufferTests: XCTestCase {
    func testBackspaceErasesAWholeMultibyteCharacter() {
        let answer = AnswerBuffer()
        answer.append("pä€😀")
        XCTAssertEqual(answer.count, 4)
        answer.removeLast()
        XCTAssertEqual(answer.text, "pä€")
        answer.removeLast()
        answer.removeLast()
        XCTAssertEqual(answer.text, "p")
        answer.removeLast()
        answer.removeLast()
        XCTAssertTrue(answer.isEmpty)
    }

    func testAnAnswerLongerThanTheFirstBufferIsKeptWhole() {
        let answer = AnswerBuffer()
        let long = String(repeating: "correct-horse-", count: 100)
        for character in long { answer.append(String(character)) }
        XCTAssertEqual(answer.text, long)
        XCTAssertEqual(answer.secret, Secret(long))
    }

    func testClearingEmptiesTheField() {
        let answer = AnswerBuffer()
        answer.append("123456")
        answer.clear()
        XCTAssertTrue(answer.isEmpty)
        XCTAssertEqual(answer.secret, Secret(""))
        answer.append("7")
        XCTAssertEqual(answer.text, "7")
    }
}
