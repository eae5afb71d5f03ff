import Foundation
import Synchronization
import TermindApplication
import TermindDomain
import TermindInfrastructure
import XCTest

final class VaultKeyControllerTests: XCTestCase {
    private var home: VaultTestHome!

    override func setUpWithError() throws {
        home = try VaultTestHome(prefix: "termind-vault-key")
    }

    override func tearDown() {
        home = nil
    }

    /// A passphrase source that counts how often it was asked.
    private final class CountingSource: Sendable {
        let passphrase: String
        private let asked = Mutex(0)
        init(_ passphrase: String) { self.passphrase = passphrase }
        var count: Int { asked.withLock { $0 } }
        var source: @Sendable () throws -> Secret {
            { [self] in
                asked.withLock { $0 += 1 }
                return Secret(passphrase)
            }
        }
    }

    private func sealedBlobs() throws -> [String: SQLiteValue] {
        let connection = try SQLiteConnection(path: home.databasePath, mode: .readOnly)
        return Dictionary(uniqueKeysWithValues: try connection.query(sql: "SELECT id, sealed FROM secrets").map {
            (try $0.get("id", as: String.self), $0["sealed"])
        })
    }

    private func sealThree(_ services: VaultServices) async throws -> [UUID: Secret] {
        var sealed: [UUID: Secret] = [:]
        for text in ["password one", "-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n", "key passphrase"] {
            sealed[try await services.secrets.seal(Secret(text))] = Secret(text)
        }
        return sealed
    }

    func testStatusNamesTheFilesTheSourceTheSchemaAndTheSecretCount() async throws {
        let services = home.services()
        _ = try await sealThree(services)

        let status = try await services.keyControl.status()

        XCTAssertEqual(status, VaultStatus(
            databasePath: home.databasePath, keyFilePath: home.keyFilePath, keySource: .keyFile,
            schemaVersion: try VaultMigration.shipped().last!.version, secretCount: 3))
        await services.database.close()
    }

    func testSettingAPassphraseResealsEverySecretAndTheKeyFileIsNoLongerNeeded() async throws {
        let before = home.services()
        let secrets = try await sealThree(before)
        let blobsBefore = try sealedBlobs()
        let source = CountingSource("tr0ub4dor & 3")

        try await home.services(passphrase: source.source).keyControl.setPassphrase(Secret("tr0ub4dor & 3"))
        await before.database.close()

        let blobsAfter = try sealedBlobs()
        XCTAssertEqual(Set(blobsAfter.keys), Set(blobsBefore.keys))
        for (id, blob) in blobsAfter { XCTAssertNotEqual(blob, blobsBefore[id], "secret \(id) was not re-sealed") }
        XCTAssertEqual(source.count, 0, "the current key came from the key file; nothing to ask")
        try FileManager.default.removeItem(atPath: home.keyFilePath)

        let after = home.services(passphrase: source.source)
        for (id, secret) in secrets {
            let opened = try await after.secrets.unseal(id)
            XCTAssertEqual(opened, secret)
        }
        XCTAssertEqual(source.count, 1, "asked once, then the derived key is kept")
        let status = try await after.keyControl.status()
        XCTAssertEqual(status.keySource, .passphrase)
        let added = try await after.secrets.seal(Secret("sealed under the passphrase"))
        let reopened = try await after.secrets.unseal(added)
        XCTAssertEqual(reopened, Secret("sealed under the passphrase"))
        XCTAssertFalse(VaultTestHome.exists(home.keyFilePath), "sealing under a passphrase must not create a key file")
        await after.database.close()
    }

    /// Seals the secret "s", then puts the Vault under `passphrase`; the secret's id.
    private func secretUnderPassphrase(_ passphrase: String) async throws -> UUID {
        let services = home.services()
        let id = try await services.secrets.seal(Secret("s"))
        try await services.keyControl.setPassphrase(Secret(passphrase))
        await services.database.close()
        return id
    }

    func testWrongPassphraseIsWrongPassphraseAndOpensNothing() async throws {
        let id = try await secretUnderPassphrase("right one")

        let wrong = home.services(passphrase: { Secret("wrong one") })
        let error = await expectVaultUnavailable { _ = try await wrong.secrets.unseal(id) }
        let sealError = await expectVaultUnavailable { _ = try await wrong.secrets.seal(Secret("t")) }

        XCTAssertEqual(error, VaultUnavailable(location: home.databasePath, cause: .wrongPassphrase))
        XCTAssertEqual(sealError?.cause, .wrongPassphrase)
        XCTAssertFalse(error!.description.contains("wrong one"))
        await wrong.database.close()
    }

    func testAWrongPassphraseIsAskedAgainUpToItsTriesAndTheRightOneOpens() async throws {
        let id = try await secretUnderPassphrase("right one")
        let answers = Mutex(["wrong one", "wrong two", "right one"])
        let asked = Mutex(0)
        let source: @Sendable () throws -> Secret = {
            asked.withLock { $0 += 1 }
            return Secret(answers.withLock { $0.removeFirst() })
        }

        let third = home.services(passphrase: source, passphraseTries: 3)
        let opened = try await third.secrets.unseal(id)

        XCTAssertEqual(opened, Secret("s"))
        XCTAssertEqual(asked.withLock { $0 }, 3)
        await third.database.close()
    }

    func testThreeWrongPassphrasesAreWrongPassphraseAfterExactlyThreeAsks() async throws {
        let id = try await secretUnderPassphrase("right one")
        let source = CountingSource("wrong")

        let wrong = home.services(passphrase: source.source, passphraseTries: 3)
        let error = await expectVaultUnavailable { _ = try await wrong.secrets.unseal(id) }

        XCTAssertEqual(error?.cause, .wrongPassphrase)
        XCTAssertEqual(source.count, 3)
        await wrong.database.close()
    }

    func testListingAndStatusNeverAskForThePassphrase() async throws {
        let setup = home.services()
        _ = try await sealThree(setup)
        try await setup.store.apply([.save(.host(try Host(label: try Label("web"), hostname: "web")))])
        try await setup.keyControl.setPassphrase(Secret("p4ss"))
        await setup.database.close()
        let source = CountingSource("p4ss")

        let services = home.services(passphrase: source.source)
        let hosts = try await services.store.snapshot().hosts
        let status = try await services.keyControl.status()

        XCTAssertEqual(hosts.map(\.label.rawValue), ["web"])
        XCTAssertEqual(status.keySource, .passphrase)
        XCTAssertEqual(source.count, 0)
        await services.database.close()
    }

    func testPassphraseRequiredFromTheSourceReachesTheCaller() async throws {
        let setup = home.services()
        let id = try await setup.secrets.seal(Secret("s"))
        try await setup.keyControl.setPassphrase(Secret("p4ss"))
        await setup.database.close()

        let silent = home.services(passphrase: VaultServices.environmentPassphrase([:], databasePath: home.databasePath))
        let error = await expectVaultUnavailable { _ = try await silent.secrets.unseal(id) }
        XCTAssertEqual(error, VaultUnavailable(location: home.databasePath, cause: .passphraseRequired))

        let scripted = home.services(passphrase: VaultServices.environmentPassphrase(
            [VaultServices.passphraseVariable: "p4ss"], databasePath: home.databasePath))
        let opened = try await scripted.secrets.unseal(id)
        XCTAssertEqual(opened, Secret("s"))
        await silent.database.close()
        await scripted.database.close()
    }

    func testChangingThePassphraseAsksForTheCurrentOneAndResealsUnderTheNew() async throws {
        let setup = home.services()
        let secrets = try await sealThree(setup)
        try await setup.keyControl.setPassphrase(Secret("first"))
        await setup.database.close()

        let current = CountingSource("first")
        try await home.services(passphrase: current.source).keyControl.setPassphrase(Secret("second"))
        XCTAssertEqual(current.count, 1)

        let old = home.services(passphrase: { Secret("first") })
        let error = await expectVaultUnavailable { _ = try await old.secrets.unseal(secrets.keys.first!) }
        XCTAssertEqual(error?.cause, .wrongPassphrase)
        let new = home.services(passphrase: { Secret("second") })
        for (id, secret) in secrets {
            let opened = try await new.secrets.unseal(id)
            XCTAssertEqual(opened, secret)
        }
        await old.database.close()
        await new.database.close()
    }

    func testSettingThePassphraseWithTheWrongCurrentOneChangesNothing() async throws {
        let setup = home.services()
        let secrets = try await sealThree(setup)
        try await setup.keyControl.setPassphrase(Secret("first"))
        await setup.database.close()
        let blobs = try sealedBlobs()

        let wrong = home.services(passphrase: { Secret("not it") })
        let error = await expectVaultUnavailable { try await wrong.keyControl.setPassphrase(Secret("second")) }
        await wrong.database.close()

        XCTAssertEqual(error?.cause, .wrongPassphrase)
        XCTAssertEqual(try sealedBlobs(), blobs)
        let right = home.services(passphrase: { Secret("first") })
        let (id, secret) = try XCTUnwrap(secrets.first)
        let opened = try await right.secrets.unseal(id)
        XCTAssertEqual(opened, secret)
        await right.database.close()
    }

    func testClearingThePassphraseReturnsToAKeyFileCreatedWhenMissing() async throws {
        let setup = home.services()
        let secrets = try await sealThree(setup)
        try await setup.keyControl.setPassphrase(Secret("p4ss"))
        await setup.database.close()
        try FileManager.default.removeItem(atPath: home.keyFilePath)

        try await home.services(passphrase: { Secret("p4ss") }).keyControl.clearPassphrase()

        XCTAssertEqual(VaultTestHome.mode(home.keyFilePath), 0o600)
        let services = home.services()  // asks for no passphrase
        let status = try await services.keyControl.status()
        XCTAssertEqual(status.keySource, .keyFile)
        for (id, secret) in secrets {
            let opened = try await services.secrets.unseal(id)
            XCTAssertEqual(opened, secret)
        }
        // Clearing again is a no-op.
        try await services.keyControl.clearPassphrase()
        await services.database.close()
    }

    func testEmptyPassphraseIsRefused() async throws {
        let services = home.services()
        let error = await expectVaultUnavailable { try await services.keyControl.setPassphrase(Secret("")) }
        guard case .other = error?.cause else { return XCTFail("expected .other, got \(String(describing: error))") }
        await services.database.close()
    }
}
