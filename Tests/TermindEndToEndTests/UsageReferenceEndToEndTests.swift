import Foundation
import TermindTestSupport
import XCTest

/// `docs/usage.md`'s command reference is what `termind help --markdown` prints from the command
/// definitions (the same ones `--help`, the man page and the completions read), so the document
/// cannot drift from the program.
final class UsageReferenceEndToEndTests: XCTestCase {
    /// The repository's `docs/usage.md`, found from this file's place in it.
    private static let usage = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "docs/usage.md")

    func testDocsUsageHoldsTheReferenceThatHelpMarkdownPrints() throws {
        let generated = try VaultHome().succeed(["help", "--markdown"])
        let document = try String(contentsOf: Self.usage, encoding: .utf8)
        let begin = try XCTUnwrap(generated.split(separator: "\n").first.map(String.init))
        let start = try XCTUnwrap(document.range(of: begin), "docs/usage.md has no generated reference: run 'make docs'")
        let held = document[start.lowerBound...].split(separator: "\n", omittingEmptySubsequences: false)
        let printed = generated.split(separator: "\n", omittingEmptySubsequences: false)
        // The first line that differs, rather than two texts of a thousand lines.
        let differing = zip(held, printed).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        if let index = differing ?? (held.count == printed.count ? nil : min(held.count, printed.count)) {
            let line = document[..<start.lowerBound].filter { $0 == "\n" }.count + index + 1
            XCTFail("""
                docs/usage.md:\(line) differs from 'termind help --markdown' (run 'make docs'):
                  file:    \(index < held.count ? String(held[index]) : "(ends)")
                  printed: \(index < printed.count ? String(printed[index]) : "(ends)")
                """)
        }
    }

    func testTheReferenceListsEveryCommandThatHelpLists() throws {
        let home = try VaultHome()
        let generated = try home.succeed(["help", "--markdown"])
        for command in ["connect", "exec", "cp", "hosts add", "import", "known-hosts check", "help"] {
            XCTAssertTrue(generated.contains("### `termind \(command)`"), "no section for \(command)")
        }
        XCTAssertTrue(generated.contains("| 8 | "), "the exit codes are missing")
    }
}
