import XCTest
@testable import TermindPresentation

/// The frame pacing under a flood of changes, on a clock the test plays: at most one frame a
/// display interval, none while the last is still being written, and the last state always
/// drawn.
final class FrameSchedulerTests: XCTestCase {
    typealias Instant = ContinuousClock.Instant

    /// What a played flood drew: when each frame was drawn and the last change it showed.
    struct Frame {
        let at: Instant
        let showing: Int
    }

    /// Plays `changes` changes `every` apart through a scheduler, as the loop does: timers fire
    /// when due, and each frame takes `writeTime` to be written.
    private func play(changes: Int, every: Duration, writeTime: Duration) -> (frames: [Frame], lastChange: Instant) {
        let start = ContinuousClock.now
        var scheduler = FrameScheduler()
        var timer: Instant?
        var writtenAt: Instant?
        var frames: [Frame] = []
        var state = 0

        func follow(_ decision: FrameScheduler.Decision?, at now: Instant) {
            switch decision {
            case .drawNow:
                frames.append(Frame(at: now, showing: state))
                scheduler.drew(at: now, writing: true)
                writtenAt = now + writeTime
            case .drawAt(let due):
                timer = due
            case .alreadyScheduled, .whenWritten, nil:
                break
            }
        }

        var nextChange = 0
        var lastChange = start
        while true {
            let changeAt = nextChange < changes ? start + every * nextChange : nil
            // The earliest of: the next change, the timer, the end of the write in flight.
            let candidates = [changeAt, timer, writtenAt].compactMap { $0 }
            guard let now = candidates.min() else { break }
            if let due = timer, due == now {
                timer = nil
                follow(scheduler.timerFired(for: due, at: now), at: now)
            } else if writtenAt == now {
                writtenAt = nil
                follow(scheduler.wrote(at: now), at: now)
            } else {
                nextChange += 1
                state = nextChange
                lastChange = now
                follow(scheduler.changed(at: now), at: now)
            }
        }
        return (frames, lastChange)
    }

    func testAFloodOfChangesDrawsAtMostOnceAnIntervalAndEndsOnTheLastState() {
        // 10,000 changes in one second, each frame written at once.
        let (frames, lastChange) = play(changes: 10_000, every: .microseconds(100), writeTime: .zero)
        for (earlier, later) in zip(frames, frames.dropFirst()) {
            XCTAssertGreaterThanOrEqual(later.at - earlier.at, FrameScheduler.minimumInterval)
        }
        XCTAssertLessThanOrEqual(frames.count, 64, "one second at one frame a 16 ms")
        XCTAssertGreaterThanOrEqual(frames.count, 55, "the flood is still shown as it goes")
        XCTAssertEqual(frames.last?.showing, 10_000, "the last state is drawn")
        XCTAssertLessThanOrEqual(frames.last!.at - lastChange, FrameScheduler.minimumInterval)
    }

    func testASlowTerminalGetsOneFrameAtATimeEachOfTheLatestState() {
        // Each frame takes 50 ms to be written (a terminal that reads slowly).
        let (frames, _) = play(changes: 10_000, every: .microseconds(100), writeTime: .milliseconds(50))
        for (earlier, later) in zip(frames, frames.dropFirst()) {
            XCTAssertGreaterThanOrEqual(later.at - earlier.at, .milliseconds(50), "no frame while one is being written")
            XCTAssertGreaterThan(later.showing, earlier.showing)
        }
        XCTAssertLessThanOrEqual(frames.count, 21, "one second at 50 ms a frame, and the last")
        XCTAssertEqual(frames.last?.showing, 10_000, "the last state is drawn")
    }

    func testAChangeAfterAQuietSpellIsDrawnAtOnce() {
        var scheduler = FrameScheduler()
        let start = ContinuousClock.now
        XCTAssertEqual(scheduler.changed(at: start), .drawNow)
        scheduler.drew(at: start, writing: true)
        XCTAssertEqual(scheduler.changed(at: start + .milliseconds(1)), .whenWritten)
        XCTAssertEqual(scheduler.wrote(at: start + .milliseconds(2)), .drawAt(start + .milliseconds(16)))
        XCTAssertNil(scheduler.timerFired(for: start + .milliseconds(99), at: start + .milliseconds(99)), "a stale timer draws nothing")
        XCTAssertEqual(scheduler.timerFired(for: start + .milliseconds(16), at: start + .milliseconds(16)), .drawNow)
        scheduler.drew(at: start + .milliseconds(16), writing: true)
        XCTAssertNil(scheduler.wrote(at: start + .milliseconds(17)), "nothing changed while it was written")
        XCTAssertEqual(scheduler.changed(at: start + .milliseconds(200)), .drawNow)
    }
}
