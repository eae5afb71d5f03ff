import Foundation
import TermindTestSupport
import XCTest

/// The master passphrase typed at a terminal: a wrong one is asked for again, three tries in
/// all, as `sudo` does; a script's `TERMIND_VAULT_PASSPHRASE` gets one.
final class VaultPassphraseTriesEndToEndTests: XCTestCase {
    private func lockedHome() throws -> VaultHome {
        let home = try VaultHome()
        try home.succeed(["vault", "passphrase", "set", "--passphrase-stdin"], stdin: "correct horse\n")
        return home
    }

    /// Types each answer once the prompt is on the screen for the next time and echo is off
    /// (typing ahead of a no-echo prompt is discarded by the terminal, as for any password prompt).
    private func answer(_ session: TmuxSession, _ answers: [String]) {
        for (index, answer) in answers.enumerated() {
            _ = waitUntil(timeout: 20, every: 0.05) { session.screen().components(separatedBy: "Vault passphrase:").count - 1 >= index + 1 }
            // The prompt is drawn before echo goes off, and typing earlier is discarded.
            _ = waitUntil(timeout: 20, every: 0.05) { !session.echoesInput }
            session.send(answer)
        }
    }

    func testAWrongPassphraseAtTheTerminalIsAskedAgainAndTheRightOneOpensTheVault() throws {
        let home = try lockedHome()
        let session = try TmuxSession(
            command: [try TermindBinary.path(), "keys", "generate", "fresh"], environment: home.terminalEnvironment)
        defer { session.kill() }

        answer(session, ["wrong one", "wrong two", "correct horse"])

        XCTAssertTrue(session.waitForScreen(containing: "termind exited 0"), session.screen())
        let screen = session.screen()
        XCTAssertTrue(screen.contains("wrong passphrase; try again (2 of 3)"), screen)
        XCTAssertTrue(screen.contains("wrong passphrase; try again (3 of 3)"), screen)
        XCTAssertTrue(screen.contains("generated Key 'fresh'"), screen)
        XCTAssertFalse(screen.contains("wrong one") || screen.contains("correct horse"), "nothing typed is echoed")
    }

    func testThreeWrongPassphrasesEndWithTheVaultLockedAndNothingWritten() throws {
        let home = try lockedHome()
        let session = try TmuxSession(
            command: [try TermindBinary.path(), "keys", "generate", "fresh"], environment: home.terminalEnvironment)
        defer { session.kill() }

        answer(session, ["one", "two", "three"])

        XCTAssertTrue(session.waitForScreen(containing: "termind exited 9"), session.screen())
        XCTAssertTrue(session.screen().contains("the master passphrase does not open the Vault"), session.screen())
        let keys = try home.run(["keys", "list"])
        XCTAssertFalse(keys.stdout.contains("fresh"), keys.stdout)
    }

    func testAWrongPassphraseFromTheVariableIsNotAskedAgain() throws {
        let home = try lockedHome()

        let result = try home.run(["keys", "generate", "fresh"], environment: ["TERMIND_VAULT_PASSPHRASE": "wrong"])

        XCTAssertEqual(result.status, 9)
        XCTAssertFalse(result.stderr.contains("wrong passphrase; try again"), result.stderr)
    }
}
