import Foundation
import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest

@testable import TermindCLI

/// Random bytes as file names, server messages and prompts through each of the CLI's printers
/// that reach a terminal (`ls` plain, long and `--json`, `cp`'s progress line and per-file
/// lines, `rm`'s question, the keyboard-interactive prompt, an error naming a path): what is
/// written holds no ESC (so no CSI, OSC or DCS), no C1 and no C0 but newline, tab and CR,
/// except `cp`'s own `ESC [ K`. Each test runs `cases` random cases from a fresh seed, named in
/// any failure.
final class UntrustedTextPrinterPropertyTests: XCTestCase {
    static let cases = 1_000

    /// A context whose streams are a terminal, writing into `buffer`.
    private final class Captured: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        var written: String { lock.withLock { text } }
        func context(terminal: Bool = true) -> CommandContext {
            CommandContext(
                environment: [:], root: TermindCommand.self,
                out: { text in self.lock.withLock { self.text += text } },
                err: { text in self.lock.withLock { self.text += text } },
                outIsTerminal: terminal, errIsTerminal: terminal)
        }
    }

    private func assertSafe(
        _ text: String, seed: UInt64, case number: Int, ownSequences: [String] = [], file: StaticString = #filePath, line: UInt = #line
    ) {
        if let violation = TerminalOutputCheck.violation(in: Array(text.utf8), ownSequences: ownSequences.map { Array($0.utf8) }) {
            XCTFail("seed \(seed), case \(number): \(violation)", file: file, line: line)
        }
    }

    private func file(_ name: String, kind: FileKind = .file) -> RemoteFile {
        let mode: UInt32 = kind == .directory ? 0o40755 : kind == .symlink ? 0o120777 : 0o100644
        return RemoteFile(path: "/srv/" + name, attributes: FileAttributes(size: 12, mode: mode, modified: 1_700_000_000))
    }

    func testLsPlainLongAndJSONWriteNoControlForAnyName() throws {
        var samples = UntrustedTextSamples()
        for number in 0..<Self.cases {
            let names = (0..<3).map { _ in samples.fileName() }
            let entries = names.enumerated().map { ListedFile(file($1, kind: $0 == 2 ? .symlink : .file), target: $0 == 2 ? samples.text() : nil) }
            for (long, json) in [(false, false), (true, false), (false, true)] {
                let captured = Captured()
                let context = captured.context()
                context.out(try LsCommand.listing(entries, long: long, json: json, context: context))
                assertSafe(captured.written, seed: samples.seed, case: number)
            }
            // The JSON reads back to the real names.
            let json = try LsCommand.listing(entries, long: false, json: true, context: Captured().context())
            let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
            XCTAssertEqual(decoded?.compactMap { $0["name"] as? String }, entries.map { $0.name }, "seed \(samples.seed), case \(number)")
        }
    }

    func testLsIntoAPipeWritesEachNameAsItIs() throws {
        var samples = UntrustedTextSamples()
        for number in 0..<Self.cases {
            let name = samples.fileName()
            let captured = Captured()
            let context = captured.context(terminal: false)
            context.out(try LsCommand.listing([ListedFile(file(name), target: nil)], long: false, json: false, context: context))
            XCTAssertEqual(captured.written, name + "\n", "seed \(samples.seed), case \(number)")
        }
    }

    func testCpsProgressLineAndPerFileLinesWriteNoControlForAnyName() throws {
        var samples = UntrustedTextSamples()
        let batch = TransferBatchID(1)
        for number in 0..<Self.cases {
            let name = samples.fileName(), other = samples.text()
            assertSafe(ProgressLine(name: name, done: 5, total: 10, rate: 100).text(width: 80), seed: samples.seed, case: number)

            let captured = Captured()
            let reporter = TransferProgressReporter(context: captured.context(), json: number % 2 == 1, terminal: true)
            let id = TransferID(batch: batch, index: 0)
            let source = TransferAddress(location: "web\(other)", path: "/srv/" + name)
            let destination = TransferAddress(location: "local", path: "/tmp/" + name)
            reporter.record(.started(id, TransferStart(source: source, destination: destination, totalBytes: 10, resumingFrom: 2)))
            reporter.record(.progress(id, TransferProgress(bytesDone: 6, totalBytes: 10, bytesSent: 4, elapsed: .seconds(1))))
            reporter.record(.restarted(id, .sourceChanged, destination: destination))
            reporter.record(.finished(TransferFileReport(
                id: id, kind: .file, source: source, destination: destination,
                outcome: .completed(TransferCompletion(bytes: 10, sha256: "x", bytesSent: 8, resumedFrom: 2)))))
            let failed = TransferID(batch: batch, index: 1)
            reporter.record(.finished(TransferFileReport(
                id: failed, kind: .file, source: destination, destination: source,
                outcome: .failed(TransferFailure(FileSystemError(.noSuchFile, location: "web", path: "/srv/" + other, detail: "open failed: \(name)"))))))
            reporter.record(.finished(TransferFileReport(
                id: TransferID(batch: batch, index: 2), kind: .file, source: source, destination: destination, outcome: .skipped(.destinationExists))))
            reporter.finish()
            assertSafe(captured.written, seed: samples.seed, case: number, ownSequences: ["\u{1B}[K"])
        }
    }

    func testRmsAndCpsQuestionsWriteNoControlForAnyName() {
        var samples = UntrustedTextSamples()
        for number in 0..<Self.cases {
            let targets = [file(samples.fileName()), file(samples.fileName(), kind: .directory)]
            assertSafe(RmCommand.question(targets, on: "web"), seed: samples.seed, case: number)
            let conflict = TransferConflict(
                source: TransferAddress(location: "web", path: "/srv/" + samples.fileName()), sourceAttributes: FileAttributes(size: 3),
                destination: TransferAddress(location: "local", path: "/tmp/" + samples.fileName()), existing: FileAttributes(size: 4))
            assertSafe(TerminalConflictResolver.question(conflict), seed: samples.seed, case: number)
        }
    }

    func testKeyboardInteractiveTextWritesNoControlForAnyNameInstructionOrPrompt() {
        var samples = UntrustedTextSamples()
        for number in 0..<Self.cases {
            // What `TerminalPresenter` writes, then the console's own guard.
            let written = TerminalSafeText.message(
                TerminalPresenter.visible(samples.text()) + "\n" + TerminalPresenter.visible(samples.text(), lineBreaks: .kept) + "\n"
                    + "(web) " + TerminalPresenter.visible(samples.text()))
            assertSafe(written, seed: samples.seed, case: number)
            // An instruction's line breaks stay; a name or prompt is one line.
            XCTAssertFalse(TerminalPresenter.visible(samples.text()).contains("\n"))
        }
    }

    func testAnErrorNamingAPathOrQuotingTheServerWritesNoControl() {
        var samples = UntrustedTextSamples()
        for number in 0..<Self.cases {
            let error = FileSystemError(.noSuchFile, location: "web", path: "/srv/" + samples.text(), detail: "stat failed: the server says “\(samples.text())”")
            let captured = Captured()
            captured.context().err("termind: \(error)\n")
            assertSafe(captured.written, seed: samples.seed, case: number)
        }
    }
}
