import Foundation
import Synchronization
import TermindApplication
import TermindTestSupport
import XCTest

@testable import TermindCLI

/// `cp --json`'s event lines name a file the same way in every event, so two files of one
/// name in different directories are told apart.
final class TransferProgressReporterTests: XCTestCase {
    func testEveryJSONEventNamesTheFileByItsFullDestination() throws {
        let written = Mutex("")
        let context = CommandContext(
            environment: [:], root: TermindCommand.self,
            out: { text in written.withLock { $0 += text } }, err: { text in written.withLock { $0 += text } })
        let clock = TestClock()
        let reporter = TransferProgressReporter(context: context, json: true, terminal: false, clock: clock)
        let batch = TransferBatchID(1)
        let files = ["/srv/a/same", "/srv/b/same"].enumerated().map { index, path in
            (TransferID(batch: batch, index: index), TransferAddress(location: "web", path: path))
        }
        for (id, destination) in files {
            let source = TransferAddress(location: "local", path: "/tmp" + destination.path)
            reporter.record(.started(id, TransferStart(source: source, destination: destination, totalBytes: 10, resumingFrom: 0)))
        }
        // Progress lines come at most four times a second per file.
        clock.advance(by: .milliseconds(300))
        for (id, _) in files {
            reporter.record(.progress(id, TransferProgress(bytesDone: 5, totalBytes: 10, bytesSent: 5, elapsed: .seconds(1))))
        }
        let events = try written.withLock { $0 }.split(separator: "\n").map {
            try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let progress = events.filter { $0["event"] as? String == "progress" }
        XCTAssertEqual(progress.count, 2, "\(events)")
        XCTAssertEqual(Set(progress.compactMap { $0["file"] as? String }), Set(files.map(\.1.description)))
        let started = events.filter { $0["event"] as? String == "started" }
        XCTAssertEqual(Set(started.compactMap { $0["file"] as? String }), Set(files.map(\.1.description)))
    }
}
