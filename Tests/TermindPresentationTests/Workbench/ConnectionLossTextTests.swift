import XCTest
@testable import TermindPresentation

final class ConnectionLossTextTests: XCTestCase {
    func testAServerThatClosedTheConnectionIsSaidInWordsNamingThePanesHostNotTheFailingChannel() {
        let detail = "reading stdout of command `exec /bin/sh -c 'cat /proc/stat'` with 127.0.0.1:21409 failed: "
            + "transport read (code -43). The connection was lost; reconnect."
        let sentence = ConnectionLossText.sentence(hostLabel: "srv", detail: detail)
        XCTAssertEqual(sentence, "The connection to srv was lost (the server closed it).")
        for jargon in ["code", "-43", "exec", "stdout", "127.0.0.1", "transport"] {
            XCTAssertFalse(sentence.contains(jargon), "\(jargon) in \(sentence)")
        }
    }

    func testUnansweredKeepalivesAndTimeoutsSayTheServerStoppedAnswering() {
        XCTAssertEqual(
            ConnectionLossText.sentence(hostLabel: "srv", detail:
                "no answer from the server to 3 keepalives in 120.008 s; the connection is considered lost, reconnect"),
            "The connection to srv was lost (the server stopped answering).")
        XCTAssertEqual(ConnectionLossText.cause(of: "socket recv with srv (10.0.0.1:22) failed: timed out (code -30)"), .timedOut)
    }

    func testAnUnreachableNetworkIsSaid() {
        XCTAssertEqual(
            ConnectionLossText.sentence(hostLabel: "db", detail: "sending to 10.0.0.2:22 failed: Network is unreachable (code -7)"),
            "The connection to db was lost (the network is unreachable).")
        XCTAssertEqual(ConnectionLossText.cause(of: "connect: No route to host"), .networkUnreachable)
    }

    func testARefusedAuthenticationIsSaid() {
        XCTAssertEqual(
            ConnectionLossText.sentence(hostLabel: "srv", detail: "publickey authentication as alice with srv (1.2.3.4:22) failed"),
            "The connection to srv was lost (the server no longer accepts the credentials).")
    }

    func testADetailThatTellsNothingGivesNoCause() {
        XCTAssertEqual(ConnectionLossText.sentence(hostLabel: "srv", detail: "something odd"), "The connection to srv was lost.")
        XCTAssertEqual(ConnectionLossText.sentence(hostLabel: nil, detail: "the connection was reset"),
                       "The connection was lost (the server closed it).")
    }

    func testTheSentenceAndTheHintAreWordWrappedTogetherWhenTheyFit() {
        let lines = ConnectionLossText.lines(
            explanation: "The connection to srv was lost (the server closed it).", hint: "C-\\ r reconnects, C-\\ x closes.",
            width: 40, maxRows: 4)
        XCTAssertEqual(lines, ["The connection to srv was lost (the", "server closed it). C-\\ r reconnects,", "C-\\ x closes."])
        XCTAssertTrue(lines.allSatisfy { CharacterWidth.columns(of: $0) <= 40 }, "\(lines)")
        XCTAssertFalse(lines.contains { $0.hasSuffix("…") })
    }

    func testInANarrowPaneTheHintWinsOverTheExplanation() {
        let hint = "Enter or C-\\ r reconnects, C-\\ x closes."
        let lines = ConnectionLossText.lines(
            explanation: "The connection to production-database was lost (the server stopped answering).", hint: hint,
            width: 18, maxRows: 4)
        XCTAssertEqual(lines.count, 4, "\(lines)")
        XCTAssertEqual(lines.suffix(3).joined(separator: " "), hint, "the hint is whole: \(lines)")
        XCTAssertTrue(lines[0].hasSuffix("…"), "the explanation is cut, and says so: \(lines)")
        XCTAssertTrue(lines.allSatisfy { CharacterWidth.columns(of: $0) <= 18 }, "\(lines)")
    }

    func testInAVeryNarrowPaneTheHintTakesTheRowsItNeeds() {
        let hint = "Enter or C-\\ r reconnects, C-\\ R reconnects all, C-\\ x closes."
        let lines = ConnectionLossText.lines(
            explanation: "The connection to demo was lost (the server closed it).", hint: hint, width: 13, maxRows: 4, availableRows: 20)
        XCTAssertEqual(lines.dropFirst().joined(separator: " "), hint, "\(lines)")
        XCTAssertEqual(lines.first, "The…", "one line of explanation above it")
        XCTAssertTrue(lines.allSatisfy { CharacterWidth.columns(of: $0) <= 13 }, "\(lines)")
    }

    func testWhenOnlyTheHintFitsItIsAllThatShows() {
        let lines = ConnectionLossText.lines(
            explanation: "The connection to srv was lost.", hint: "C-\\ r reconnects.", width: 20, maxRows: 1)
        XCTAssertEqual(lines, ["C-\\ r reconnects."])
    }
}
