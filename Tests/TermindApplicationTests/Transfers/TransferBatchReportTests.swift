import TermindApplication
import TermindDomain
import XCTest

/// The Batch report's exit status and totals (docs/behaviour.md §7): Ctrl-C first, then partials kept or a
/// failed verification (8), then connection and authentication, then plain failures.
final class TransferBatchReportTests: XCTestCase {
    private let batch = TransferBatchID(1)

    private func file(_ index: Int, _ outcome: TransferOutcome, kind: FileKind = .file) -> TransferFileReport {
        TransferFileReport(
            id: TransferID(batch: batch, index: index), kind: kind, source: TransferAddress(location: "srv", path: "/s\(index)"),
            destination: TransferAddress(location: "local", path: "/d\(index)"), outcome: outcome)
    }

    private let completed = TransferOutcome.completed(TransferCompletion(bytes: 10, sha256: "x", bytesSent: 4, resumedFrom: 6))
    private let partial = PartialFile(address: TransferAddress(location: "local", path: "/.d.termind-partial"), bytesKept: 5)

    func testEverythingCompletedOrSkippedIsSuccess() {
        let report = TransferBatchReport(id: batch, files: [
            file(0, completed), file(1, .skipped(.destinationExists)), file(2, .directory(created: true), kind: .directory),
        ])
        XCTAssertEqual(report.exitCode, .success)
        XCTAssertTrue(report.succeeded)
    }

    func testAPausedPartialIsAnIncompleteTransfer() {
        let report = TransferBatchReport(id: batch, files: [file(0, completed), file(1, .paused(TransferPause(partial: partial)))])
        XCTAssertEqual(report.exitCode, .transferIncomplete)
        XCTAssertEqual(report.partials, [partial])
    }

    func testAFailedVerificationIsAnIncompleteTransfer() {
        let error = TransferError(.sizeMismatch, TransferAddress(location: "local", path: "/d"), "short")
        let report = TransferBatchReport(id: batch, files: [file(0, .failed(TransferFailure(error)))])
        XCTAssertEqual(report.exitCode, .transferIncomplete)
    }

    func testALostConnectionThatLeftAPartialIsAnIncompleteTransfer() {
        let lost = FileSystemError(.connectionLost, location: "srv", path: "/s0", detail: "the connection was lost")
        let report = TransferBatchReport(id: batch, files: [
            file(0, .failed(TransferFailure(FileSystemError(.permissionDenied, location: "local", path: "/d", detail: "no")))),
            file(1, .paused(TransferPause(partial: partial, cause: lost))),
        ])
        XCTAssertEqual(report.exitCode, .transferIncomplete)
    }

    func testALostConnectionBeforeAnyPartialGivesTheConnectionStatus() {
        let lost = FileSystemError(.connectionLost, location: "srv", path: "/s0", detail: "the connection was lost")
        let report = TransferBatchReport(id: batch, files: [
            file(0, completed), file(1, .paused(TransferPause(partial: nil, cause: lost))), file(2, .paused(TransferPause(partial: nil))),
        ])
        XCTAssertEqual(report.exitCode, .connectionFailed)
    }

    func testSomethingLeftUnrunIsAnIncompleteTransfer() {
        let report = TransferBatchReport(id: batch, files: [file(0, completed), file(1, .paused(TransferPause(partial: nil)))])
        XCTAssertEqual(report.exitCode, .transferIncomplete)
    }

    func testAnAuthenticationFailureGivesTheAuthenticationStatus() {
        let failure = SSHFailure(.authentication, connection: "srv", detail: "denied")
        let report = TransferBatchReport(id: batch, files: [file(0, .failed(TransferFailure(failure)))])
        XCTAssertEqual(report.exitCode, .authenticationFailed)
    }

    func testAnInterruptionIsReportedAsInterruptedEvenWithPartials() {
        let report = TransferBatchReport(id: batch, files: [file(0, .paused(TransferPause(partial: partial)))], interrupted: true)
        XCTAssertEqual(report.exitCode, .interrupted)
    }

    func testAPlainFailureWithoutPartialIsAFailure() {
        let error = FileSystemError(.permissionDenied, location: "local", path: "/d", detail: "cannot open: Permission denied")
        let report = TransferBatchReport(id: batch, files: [file(0, completed), file(1, .failed(TransferFailure(error)))])
        XCTAssertEqual(report.exitCode, .failure)
    }

    func testAFailureKeepingAPartialIsIncomplete() {
        let error = FileSystemError(.noSpace, location: "local", path: "/d", detail: "cannot write: No space left on device")
        let report = TransferBatchReport(id: batch, files: [file(0, .failed(TransferFailure(error, partial: partial)))])
        XCTAssertEqual(report.exitCode, .transferIncomplete)
        XCTAssertEqual(report.partials, [partial])
        XCTAssertEqual(
            TransferFailure(error, partial: partial).description,
            "/d: cannot write: No space left on device; the partial file /.d.termind-partial (5 bytes kept) is kept; "
                + "free some space there, then resume (termind cp --resume) to continue from the partial file")
    }

    func testTotalsCountOutcomesAndBytes() {
        let report = TransferBatchReport(id: batch, files: [
            file(0, completed), file(1, completed), file(2, .skipped(.alreadyTransferred)),
            file(3, .linked(target: "x"), kind: .symlink), file(4, .directory(created: true), kind: .directory),
            file(5, .cancelled(notRemoved: [])),
        ])
        let totals = report.totals
        XCTAssertEqual(totals.files, 4)
        XCTAssertEqual(totals.completed, 2)
        XCTAssertEqual(totals.bytes, 20)
        XCTAssertEqual(totals.bytesSent, 8)
        XCTAssertEqual(totals.skipped, 1)
        XCTAssertEqual(totals.linked, 1)
        XCTAssertEqual(totals.directoriesCreated, 1)
        XCTAssertEqual(totals.cancelled, 1)
    }
}
