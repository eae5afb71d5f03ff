import Foundation
import TermindApplication
import TermindDomain
import TermindInfrastructure
import XCTest

final class SealedSecretStoreTests: XCTestCase {
    private var home: VaultTestHome!

    override func setUpWithError() throws {
        home = try VaultTestHome(prefix: "termind-vault-secrets")
    }

    override func tearDown() {
        home = nil
    }

    func testSealedSecretOpensAgainAndIsGoneAfterRemoval() async throws {
        let services = home.services()
        let id = try await services.secrets.seal(Secret("hunter2"))

        let opened = try await services.secrets.unseal(id)
        XCTAssertEqual(opened, Secret("hunter2"))
        try await services.secrets.remove([id])

        let error = await expectVaultUnavailable { _ = try await services.secrets.unseal(id) }
        XCTAssertEqual(error?.cause, .missingSecret(record: "secret \(id.uuidString)"))
        await services.database.close()
    }

    func testStoredSecretAppearsNowhereInTheDatabaseItsWALItsSharedMemoryOrTheLog() async throws {
        let plaintext = "correct horse battery staple ⚡ 7f3a91"
        let passphrase = "master passphrase 0c4e"
        let logger = FileLogger(path: home.paths.logFile, minimumLevel: .debug)
        let services = home.services(logger: logger, passphrase: { Secret(passphrase) })
        let id = try await services.secrets.seal(Secret(plaintext))
        try await services.store.apply([.save(.identity(try Identity(
            label: try Label("deploy"), username: "deploy", passwordSecretID: id)))])
        let opened = try await services.secrets.unseal(id)
        XCTAssertEqual(opened.revealed, plaintext)
        let files = [
            home.databasePath, home.databasePath + "-wal", home.databasePath + "-shm", home.paths.logFile,
        ]
        for file in files { XCTAssertTrue(VaultTestHome.exists(file), "\(file) should exist while the Vault is open") }
        try await services.keyControl.setPassphrase(Secret(passphrase))
        let reopened = try await services.secrets.unseal(id)
        XCTAssertEqual(reopened.revealed, plaintext)

        for stage in ["open", "closed"] {
            for file in files where VaultTestHome.exists(file) {
                let bytes = try XCTUnwrap(VaultTestHome.bytes(file))
                XCTAssertFalse(containsBytes(bytes, Array(plaintext.utf8)), "the secret is in \(file) (\(stage))")
                XCTAssertFalse(containsBytes(bytes, Array(passphrase.utf8)), "the passphrase is in \(file) (\(stage))")
            }
            await services.database.close()
        }
        let log = try XCTUnwrap(VaultTestHome.bytes(home.paths.logFile))
        XCTAssertTrue(containsBytes(log, Array("applied migration".utf8)), "the log should have been written")
    }

    func testSwappedSealedBlobsDoNotOpen() async throws {
        let services = home.services()
        let first = try await services.secrets.seal(Secret("first secret"))
        let second = try await services.secrets.seal(Secret("second secret"))
        await services.database.close()
        do {
            let connection = try SQLiteConnection(path: home.databasePath)
            let blobs = try connection.query(sql: "SELECT id, sealed FROM secrets")
            let byID = Dictionary(uniqueKeysWithValues: try blobs.map { (try $0.get("id", as: String.self), $0["sealed"]) })
            let update = "UPDATE secrets SET sealed = ? WHERE id = ?"
            try connection.transaction {
                try connection.execute(sql: update, arguments: [byID[second.uuidString]!, .text(first.uuidString)])
                try connection.execute(sql: update, arguments: [byID[first.uuidString]!, .text(second.uuidString)])
            }
        }

        let error = await expectVaultUnavailable { _ = try await services.secrets.unseal(first) }
        let other = await expectVaultUnavailable { _ = try await services.secrets.unseal(second) }

        guard case .corrupt(let detail) = error?.cause else { return XCTFail("expected .corrupt, got \(String(describing: error))") }
        XCTAssertTrue(detail.contains(first.uuidString), detail)
        XCTAssertFalse(error!.description.contains("second secret"))
        guard case .corrupt = other?.cause else { return XCTFail("expected .corrupt, got \(String(describing: other))") }
        await services.database.close()
    }

    func testMissingSecretNamesTheRecordThatNeedsIt() async throws {
        let services = home.services()
        let id = try await services.secrets.seal(Secret("p"))
        let keySecret = try await services.secrets.seal(Secret("private"))
        try await services.store.apply([
            .save(.key(SSHKey(
                label: try Label("laptop"), algorithm: .ed25519, bits: 256, publicKeyBlob: VaultFixture.ed25519Blob,
                privateKeySecretID: keySecret, isEncrypted: false))),
            .save(.identity(try Identity(label: try Label("deploy"), username: "deploy", passwordSecretID: id))),
        ])
        try await services.secrets.remove([id, keySecret])

        let password = await expectVaultUnavailable { _ = try await services.secrets.unseal(id) }
        let key = await expectVaultUnavailable { _ = try await services.secrets.unseal(keySecret) }

        XCTAssertEqual(password, VaultUnavailable(location: home.databasePath, cause: .missingSecret(record: "Identity 'deploy' (password)")))
        XCTAssertEqual(key?.cause, .missingSecret(record: "Key 'laptop' (private key)"))
        await services.database.close()
    }

    // MARK: Stored with the record (docs/behaviour.md §1)

    func testASecretSealedForARecordIsStoredOnlyInTheTransactionThatSavesTheRecord() async throws {
        let services = home.services()
        let sealed = try await services.secrets.sealed(Secret("hunter2"))
        let notYet = await expectVaultUnavailable { _ = try await services.secrets.unseal(sealed.id) }
        XCTAssertEqual(notYet?.cause, .missingSecret(record: "secret \(sealed.id.uuidString)"), "sealing alone stores nothing")

        // A save that fails stores neither the record nor its secret.
        try await services.store.apply([.save(.identity(try Identity(label: try Label("taken"), username: "u")))])
        let identity = try Identity(label: try Label("taken"), username: "deploy", passwordSecretID: sealed.id)
        do {
            try await services.store.apply([.storeSecret(sealed), .save(.identity(identity))])
            XCTFail("a second Identity 'taken' must be refused")
        } catch {}
        let stillNot = await expectVaultUnavailable { _ = try await services.secrets.unseal(sealed.id) }
        XCTAssertNotNil(stillNot)

        let deploy = try Identity(label: try Label("deploy"), username: "deploy", passwordSecretID: sealed.id)
        try await services.store.apply([.storeSecret(sealed), .save(.identity(deploy))])
        let opened = try await services.secrets.unseal(sealed.id)
        XCTAssertEqual(opened, Secret("hunter2"))

        // Unbinding the password and removing its secret go together as well.
        var cleared = deploy
        cleared.passwordSecretID = nil
        try await services.store.apply([.save(.identity(cleared)), .removeSecret(sealed.id)])
        let gone = await expectVaultUnavailable { _ = try await services.secrets.unseal(sealed.id) }
        XCTAssertNotNil(gone)
        await services.database.close()
    }

    func testASecretSealedBeforeTheVaultKeyChangedIsRefusedAndNothingIsSaved() async throws {
        let services = home.services(passphrase: { Secret("new master") })
        let sealed = try await services.secrets.sealed(Secret("hunter2"))
        _ = try await services.keyControl.setPassphrase(Secret("new master"))

        let identity = try Identity(label: try Label("deploy"), username: "deploy", passwordSecretID: sealed.id)
        let error = await expectVaultUnavailable { try await services.store.apply([.storeSecret(sealed), .save(.identity(identity))]) }

        XCTAssertEqual(error?.location, home.databasePath)
        XCTAssertTrue(error?.description.contains("run the command again") ?? false, "\(String(describing: error))")
        let identities = try await services.store.snapshot().identities
        XCTAssertEqual(identities, [], "neither the record nor a secret sealed under the old key")
        await services.database.close()
    }

    // MARK: The key file

    func testKeyFileIsCreatedOnFirstSealOnlyWithModeSixHundred() async throws {
        let services = home.services()
        _ = try await services.store.snapshot()
        _ = try await services.keyControl.status()
        XCTAssertFalse(VaultTestHome.exists(home.keyFilePath), "nothing sealed yet, so no key file")

        _ = try await services.secrets.seal(Secret("s"))

        XCTAssertEqual(VaultTestHome.mode(home.keyFilePath), 0o600)
        XCTAssertEqual(VaultTestHome.mode(home.paths.configDirectory), 0o700)
        XCTAssertEqual(VaultTestHome.bytes(home.keyFilePath)?.count, 32)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: home.paths.configDirectory)
        XCTAssertEqual(leftovers, ["vault.key"])
        await services.database.close()
    }

    func testKeyFileReadableByOthersIsRefusedNamingTheFile() async throws {
        let services = home.services()
        let id = try await services.secrets.seal(Secret("s"))
        chmod(home.keyFilePath, 0o644)

        let unsealError = await expectVaultUnavailable { _ = try await services.secrets.unseal(id) }
        let sealError = await expectVaultUnavailable { _ = try await services.secrets.seal(Secret("t")) }

        XCTAssertEqual(unsealError, VaultUnavailable(location: home.keyFilePath, cause: .keyFileUnsafe(mode: 0o644)))
        XCTAssertEqual(sealError?.cause, .keyFileUnsafe(mode: 0o644))
        let message = unsealError?.description ?? ""
        XCTAssertTrue(message.contains(home.keyFilePath), message)
        XCTAssertTrue(message.contains("chmod 600"), message)
        XCTAssertEqual(VaultTestHome.mode(home.keyFilePath), 0o644, "the file's mode is the person's to fix")

        chmod(home.keyFilePath, 0o600)
        let opened = try await services.secrets.unseal(id)
        XCTAssertEqual(opened, Secret("s"))
        await services.database.close()
    }

    func testReplacedKeyFileIsKeyFileMismatch() async throws {
        let services = home.services()
        let id = try await services.secrets.seal(Secret("s"))
        let original = try XCTUnwrap(VaultTestHome.bytes(home.keyFilePath))
        try Data(original.map { $0 ^ 0xFF }).write(to: URL(fileURLWithPath: home.keyFilePath))
        chmod(home.keyFilePath, 0o600)

        let error = await expectVaultUnavailable { _ = try await services.secrets.unseal(id) }
        let sealError = await expectVaultUnavailable { _ = try await services.secrets.seal(Secret("t")) }

        XCTAssertEqual(error, VaultUnavailable(location: home.keyFilePath, cause: .keyFileMismatch))
        XCTAssertEqual(sealError?.cause, .keyFileMismatch)
        await services.database.close()
    }

    func testMissingKeyFileIsNotRecreatedWhileSecretsNeedIt() async throws {
        let services = home.services()
        let id = try await services.secrets.seal(Secret("s"))
        try FileManager.default.removeItem(atPath: home.keyFilePath)

        let unsealError = await expectVaultUnavailable { _ = try await services.secrets.unseal(id) }
        let sealError = await expectVaultUnavailable { _ = try await services.secrets.seal(Secret("t")) }

        for error in [unsealError, sealError] {
            guard case .other(let detail) = error?.cause else { return XCTFail("expected .other, got \(String(describing: error))") }
            XCTAssertTrue(detail.contains(home.keyFilePath) && detail.contains("missing"), detail)
        }
        XCTAssertFalse(VaultTestHome.exists(home.keyFilePath))
        await services.database.close()
    }

    func testTwoConnectionsSealingFirstAtOnceShareOneKey() async throws {
        let first = home.services()
        let second = home.services()

        async let a = first.secrets.seal(Secret("from first"))
        async let b = second.secrets.seal(Secret("from second"))
        let (firstID, secondID) = try await (a, b)

        let fromFirst = try await second.secrets.unseal(firstID)
        let fromSecond = try await first.secrets.unseal(secondID)
        XCTAssertEqual(fromFirst, Secret("from first"))
        XCTAssertEqual(fromSecond, Secret("from second"))
        await first.database.close()
        await second.database.close()
    }
}
