import XCTest
@testable import TermindPresentation

final class ConnectionLossTextTests: XCTestCase {
    func testLibraryCodesAndTheDoubleReconnectAdviceAreLeftOut() {
        XCTAssertEqual(ConnectionLossText.words(for: "transport read with web (127.0.0.1:22) failed (code -43). reconnect."),
                       "reading from the server with web (127.0.0.1:22) failed")
    }

    func testSecondsAreRounded() {
        XCTAssertEqual(ConnectionLossText.words(for: "no answer from the server to 3 keepalives in 120.008 s; reconnect"),
                       "no answer from the server to 3 keepalives in 120 s")
    }

    func testPlainWordsStayAsTheyAre() {
        XCTAssertEqual(ConnectionLossText.words(for: "the connection was reset"), "the connection was reset")
    }
}
