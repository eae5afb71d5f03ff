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
