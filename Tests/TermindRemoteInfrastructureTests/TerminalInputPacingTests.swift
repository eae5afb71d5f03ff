@testable import TermindRemoteInfrastructure
import XCTest

/// PTY input never runs so far ahead of the remote terminal that sshd's simulated echo (an
/// `SSH_MSG_IGNORE` as long as one write to the terminal) exceeds libssh2's 40,000-byte packet
/// limit, and never waits for a window adjustment sshd would not send.
final class TerminalInputPacingTests: XCTestCase {
    private let start = ContinuousClock.now
    private let window: UInt64 = 2 << 20
    private let strict = TerminalInputPacing.simulatedEchoLimit
    private let loose = TerminalInputPacing.windowLimit

    private func at(_ milliseconds: Int) -> ContinuousClock.Instant { start.advanced(by: .milliseconds(milliseconds)) }

    func testAtTheStartOnly32KiBGoOutBeforeTheTerminalsModeIsKnown() {
        var pacing = TerminalInputPacing(ignoredSoFar: 0, now: start)
        XCTAssertEqual(pacing.allowance(window: window, ignored: 0, lastIgnore: nil, now: at(10)),
                       .init(bytes: strict, relaxesAt: at(1000)))
        pacing.didSend(strict, window: window - UInt64(strict))
        XCTAssertEqual(pacing.allowance(window: window - UInt64(strict), ignored: 0, lastIgnore: nil, now: at(20)).bytes, 0)
    }

    func testSimulatedEchoAcknowledgesWhatTheServerWroteToTheTerminal() {
        var pacing = TerminalInputPacing(ignoredSoFar: 500, now: start)
        pacing.didSend(strict, window: window - UInt64(strict))
        // sshd wrote 10,000 bytes and said so in an IGNORE; the window has not come back.
        let allowance = pacing.allowance(window: window - UInt64(strict), ignored: 10_500, lastIgnore: at(30), now: at(31))
        XCTAssertEqual(allowance, .init(bytes: 10_000, relaxesAt: at(1030)))
        XCTAssertEqual(pacing.acknowledged, 10_000)
        // Counted once: the same total again acknowledges nothing more.
        XCTAssertEqual(pacing.allowance(window: window - UInt64(strict), ignored: 10_500, lastIgnore: at(30), now: at(32)).bytes,
                       10_000)
    }

    func testWhileEchoIsSimulatedTheLimitStays32KiBWhateverTheWindowSays() {
        var pacing = TerminalInputPacing(ignoredSoFar: 0, now: start)
        pacing.didSend(strict, window: window - UInt64(strict))
        // Two seconds on, IGNOREs still coming: still the tight limit, relaxing a second after the last.
        let allowance = pacing.allowance(window: window - UInt64(strict), ignored: 0, lastIgnore: at(1900), now: at(2000))
        XCTAssertEqual(allowance, .init(bytes: 0, relaxesAt: at(2900)))
    }

    func testWithoutSimulatedEchoTheLimitIsAboveSshdsAdjustmentThreshold() {
        var pacing = TerminalInputPacing(ignoredSoFar: 0, now: start)
        pacing.didSend(strict, window: window - UInt64(strict))
        // Echo on or a raw terminal: no IGNOREs, and sshd gives the window back only past 96 KiB.
        XCTAssertEqual(pacing.allowance(window: window - UInt64(strict), ignored: 0, lastIgnore: nil, now: at(1300)),
                       .init(bytes: loose - strict, relaxesAt: nil))
        XCTAssertGreaterThan(loose, 96 << 10)
        pacing.didSend(loose - strict, window: window - UInt64(loose))
        XCTAssertEqual(pacing.allowance(window: window - UInt64(loose), ignored: 0, lastIgnore: nil, now: at(1400)).bytes, 0)
        // The server adjusts the window by 100 KiB: that much more may go.
        XCTAssertEqual(pacing.allowance(window: window - UInt64(loose) + 102_400, ignored: 0, lastIgnore: nil, now: at(1500)).bytes,
                       102_400)
    }

    func testTheWindowIsCountedFromTheFirstWriteSinceSshdGrantsItAfterOpening() {
        // sshd opens a session channel with no window and grants 2 MiB when the command starts:
        // that grant is not an acknowledgement.
        var pacing = TerminalInputPacing(ignoredSoFar: 0, now: start)
        XCTAssertEqual(pacing.allowance(window: 0, ignored: 0, lastIgnore: nil, now: at(1)).bytes, strict)
        pacing.didSend(32_700, window: window - 32_700)
        XCTAssertEqual(pacing.allowance(window: window - 32_700, ignored: 0, lastIgnore: nil, now: at(2)).bytes, strict - 32_700)
        XCTAssertEqual(pacing.acknowledged, 0)
    }

    func testIgnoresAndWindowTogetherNeverAcknowledgeMoreThanWasSent() {
        var pacing = TerminalInputPacing(ignoredSoFar: 0, now: start)
        pacing.didSend(20_000, window: window - 20_000)
        // IGNOREs from another PTY channel on the same connection report more than this one sent.
        _ = pacing.allowance(window: window - 20_000, ignored: 50_000, lastIgnore: at(5), now: at(6))
        XCTAssertEqual(pacing.acknowledged, 20_000)
        XCTAssertEqual(pacing.allowance(window: window, ignored: 50_000, lastIgnore: at(5), now: at(7)).bytes, strict)
    }
}
