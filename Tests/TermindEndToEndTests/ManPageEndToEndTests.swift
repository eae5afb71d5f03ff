import Foundation
import TermindTestSupport
import XCTest

/// `termind help --man`: the man page from the command declarations, rendered by man-db.
final class ManPageEndToEndTests: XCTestCase {
    private func manPage(_ home: VaultHome) throws -> String {
        try home.succeed(["help", "--man"])
    }

    func testManRendersThePageWithoutWarnings() throws {
        guard (try? ChildProcess.resolve("man")) != nil else {
            let message = "man is not installed (make test-deps installs man-db)"
            if ProcessInfo.processInfo.environment["CI"] == "true" { return XCTFail(message) }
            throw XCTSkip(message)
        }
        let home = try VaultHome()
        let file = home.path + "/termind.1"
        try manPage(home).write(toFile: file, atomically: true, encoding: .utf8)
        let warnings = try home.bash("MANWIDTH=80 man --warnings -l '\(file)' 2>&1 >/dev/null", timeout: 60)
        XCTAssertEqual(warnings.status, 0, warnings.stderr)
        XCTAssertEqual(warnings.stdout, "", "man warned")
        let rendered = try home.bash("MANWIDTH=80 man -l '\(file)' 2>/dev/null", timeout: 60).stdout
        XCTAssertTrue(rendered.contains("TERMIND(1)"), rendered)
        XCTAssertTrue(rendered.contains("termind cp [PATH...] [options]"), rendered)
        XCTAssertTrue(rendered.contains("WORKBENCH KEYS"), rendered)
        XCTAssertTrue(rendered.contains("C-\\ %"), "the keys render as typed: \(rendered)")
    }

    func testPageListsTheWorkbenchKeysOfTheDefaultKeymap() throws {
        let page = try manPage(VaultHome())
        let section = try XCTUnwrap(page.range(of: ".SH WORKBENCH KEYS\n").map { page[$0.upperBound...] })
        let keys = String(section[..<section.range(of: ".SH ")!.lowerBound])
        for (binding, words) in [
            ("C\\-\\e %", "Split the pane side by side"), ("C\\-\\e ?", ""), ("C\\-\\e r", ""), ("C\\-\\e 1", ""),
            ("C\\-\\e Left", ""), ("C\\-\\e h", ""),
        ] {
            XCTAssertTrue(keys.contains(".B \"\(binding)"), "\(binding) in\n\(keys)")
            XCTAssertTrue(words.isEmpty || keys.contains(words), words)
        }
        let bindings = keys.split(separator: "\n").filter { $0.hasPrefix(".B ") }
        XCTAssertFalse(bindings.contains { $0.hasPrefix(".B \"M\\-") || $0.contains(", M\\-") }, "no direct bindings: \(bindings)")
    }

    func testPageNamesEveryVisibleCommandEveryExitCodeAndTheEnvironment() throws {
        let page = try manPage(VaultHome())
        for command in ["connect", "cp", "hosts add", "keys generate", "vault passphrase set", "completion"] {
            XCTAssertTrue(page.contains(".SS \"termind \(command.replacingOccurrences(of: "-", with: "\\-"))"), command)
        }
        XCTAssertFalse(page.contains("completion hosts"), "the hidden subcommand is left out")
        for code in [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 130] {
            XCTAssertTrue(page.contains(".TP\n.B \(code)\n"), "exit code \(code)")
        }
        XCTAssertTrue(page.contains("\\fB\\-\\-on\\-conflict\\fR \\fIPOLICY\\fR"), "cp's options")
        for variable in ["TERMIND_HOME", "XDG_DATA_HOME", "NO_COLOR", "TERMIND_VAULT_PASSPHRASE"] {
            XCTAssertTrue(page.contains(variable), variable)
        }
    }
}
