import Foundation
import XCTest

/// `termind vault status` and the master passphrase: set, used, wrong, required, cleared.
final class VaultPassphraseEndToEndTests: XCTestCase {
    func testStatusShowsWhereTheVaultLivesAndItsKeySource() throws {
        let home = try VaultHome()
        let status = try XCTUnwrap(try home.json(["vault", "status"]) as? [String: Any])
        XCTAssertEqual(status["databasePath"] as? String, home.databasePath)
        XCTAssertEqual(status["keyFilePath"] as? String, home.keyFilePath)
        XCTAssertEqual(status["keySource"] as? String, "key-file")
    }

    func testDataDirMovesTheVault() throws {
        let home = try VaultHome()
        let elsewhere = home.path + "/elsewhere"
        try home.succeed(["--data-dir", elsewhere, "hosts", "add", "web", "--hostname", "h"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: elsewhere + "/termind.db"))
        XCTAssertEqual((try home.json(["hosts", "list", "--data-dir", elsewhere]) as? [[String: Any]])?.count, 1)
        XCTAssertEqual((try home.json(["hosts", "list"]) as? [[String: Any]])?.count, 0)
        let viaEnvironment = try home.run(["hosts", "list"], environment: ["TERMIND_HOME": elsewhere])
        XCTAssertTrue(viaEnvironment.stdout.contains("web"), viaEnvironment.stdout)
    }

    func testPassphraseSealsSecretsAndAWrongOneExitsNine() throws {
        let home = try VaultHome()
        try home.succeed(["identities", "add", "ops", "--user", "ops", "--password-stdin"], stdin: "first-secret")
        try home.succeed(["vault", "passphrase", "set", "--passphrase-stdin"], stdin: "master words here\n")
        XCTAssertEqual((try home.json(["vault", "status"]) as? [String: Any])?["keySource"] as? String, "passphrase")

        // Listing needs no secret, so no passphrase.
        XCTAssertEqual(try home.run(["identities", "list"]).status, 0)
        // Sealing a new secret does: without a terminal or the variable it cannot be asked.
        let missing = try home.run(["identities", "add", "dev", "--user", "dev", "--password-stdin"], stdin: "pw")
        XCTAssertEqual(missing.status, 9, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("TERMIND_VAULT_PASSPHRASE"), missing.stderr)
        let wrong = try home.run(
            ["identities", "add", "dev", "--user", "dev", "--password-stdin"], stdin: "pw",
            environment: ["TERMIND_VAULT_PASSPHRASE": "not it"])
        XCTAssertEqual(wrong.status, 9, wrong.stderr)
        XCTAssertTrue(wrong.stderr.contains("passphrase does not open"), wrong.stderr)
        let right = try home.run(
            ["identities", "add", "dev", "--user", "dev", "--password-stdin"], stdin: "pw",
            environment: ["TERMIND_VAULT_PASSPHRASE": "master words here"])
        XCTAssertEqual(right.status, 0, right.stderr)

        let cleared = try home.run(["vault", "passphrase", "clear"], environment: ["TERMIND_VAULT_PASSPHRASE": "master words here"])
        XCTAssertEqual(cleared.status, 0, cleared.stderr)
        XCTAssertEqual((try home.json(["vault", "status"]) as? [String: Any])?["keySource"] as? String, "key-file")
        XCTAssertEqual(try home.run(["identities", "add", "qa", "--user", "qa", "--password-stdin"], stdin: "pw3").status, 0)
        for (name, bytes) in try home.allStoredBytes() {
            for secret in ["first-secret", "master words here"] {
                XCTAssertNil(bytes.range(of: Data(secret.utf8)), "\(secret) is readable in \(name)")
            }
        }
    }

    func testSettingAPassphraseSaysTheOldKeyFileIsKeptOrRemovesItWhenAsked() throws {
        let home = try VaultHome()
        try home.succeed(["identities", "add", "ops", "--user", "ops", "--password-stdin"], stdin: "first-secret")
        XCTAssertTrue(FileManager.default.fileExists(atPath: home.keyFilePath))
        let kept = try home.succeed(["vault", "passphrase", "set", "--passphrase-stdin"], stdin: "master words here\n")
        XCTAssertTrue(kept.contains("the old vault key file \(home.keyFilePath) was kept"), kept)
        XCTAssertTrue(kept.contains("older"), kept)
        XCTAssertTrue(FileManager.default.fileExists(atPath: home.keyFilePath), "nothing removed without being asked")

        let removed = try home.run(
            ["vault", "passphrase", "set", "--passphrase-stdin", "--remove-key-file"], stdin: "other words\n",
            environment: ["TERMIND_VAULT_PASSPHRASE": "master words here"])
        XCTAssertEqual(removed.status, 0, removed.stderr)
        XCTAssertTrue(removed.stdout.contains("removed the old vault key file"), removed.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.keyFilePath))
        let status = try home.run(["vault", "status"], environment: ["TERMIND_VAULT_PASSPHRASE": "other words"])
        XCTAssertEqual(status.status, 0, status.stderr)
        let shown = try home.run(["identities", "show", "ops"], environment: ["TERMIND_VAULT_PASSPHRASE": "other words"])
        XCTAssertEqual(shown.status, 0, shown.stderr)
    }
}
