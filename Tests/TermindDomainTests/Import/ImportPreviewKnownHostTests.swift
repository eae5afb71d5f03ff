import Foundation
import TermindDomain
import XCTest

/// Known Hosts in the preview: an import never adds a key beside a different one the Vault
/// trusts (which would clear the mismatch), nor imports the same record twice.
final class ImportPreviewKnownHostTests: XCTestCase {
    typealias Fixture = ImportPreviewFixture

    private func trusted(_ pattern: String, seed: UInt8, marker: KnownHost.Marker = .none) -> KnownHost {
        KnownHost(pattern: pattern, keyType: "ssh-ed25519", keyBlob: Fixture.blob(seed), marker: marker)
    }

    func testARecordTheVaultHoldsIsExisting() {
        let preview = Fixture.preview(
            knownHosts: [Fixture.knownHost("web", seed: 1)], vault: VaultSnapshot(knownHosts: [trusted("web", seed: 1)]))
        XCTAssertEqual(preview.knownHost(1).status, .existing(label: "web"))
    }

    func testAnotherKeyForAPatternTheVaultTrustsConflicts() {
        let preview = Fixture.preview(
            knownHosts: [Fixture.knownHost("web", seed: 2)], vault: VaultSnapshot(knownHosts: [trusted("web", seed: 1)]))
        guard case .conflict(let reason) = preview.knownHost(1).status else { return XCTFail("\(preview.knownHost(1).status)") }
        XCTAssertTrue(reason.contains("the Vault trusts another ssh-ed25519 key for web"), reason)
    }

    func testAnotherKeyForAHostTheVaultTrustsUnderAnotherPatternConflicts() {
        let preview = Fixture.preview(
            knownHosts: [Fixture.knownHost("web.example.com,[web.example.com]:2222", seed: 2)],
            vault: VaultSnapshot(knownHosts: [trusted("*.example.com", seed: 1)]))
        guard case .conflict(let reason) = preview.knownHost(1).status else { return XCTFail("\(preview.knownHost(1).status)") }
        XCTAssertTrue(reason.contains("for web.example.com (*.example.com"), reason)
    }

    func testAKeyTheVaultRevokesConflicts() {
        let preview = Fixture.preview(
            knownHosts: [Fixture.knownHost("web", seed: 1)],
            vault: VaultSnapshot(knownHosts: [trusted("*", seed: 1, marker: .revoked)]))
        XCTAssertEqual(preview.knownHost(1).status, .conflict(reason: "the Vault revokes this key for web (*)"))
    }

    func testAnOlderFileGivingAnotherKeyForTheSamePatternConflictsAndTheSameRecordTwiceIsImportedOnce() {
        let preview = Fixture.preview(knownHosts: [
            Fixture.knownHost("web", seed: 1, line: 1), Fixture.knownHost("web", seed: 1, line: 2),
            Fixture.knownHost("web", seed: 2, file: "known_hosts.old", line: 4), Fixture.knownHost("db", seed: 3, line: 3),
        ])
        XCTAssertEqual(preview.knownHost(1).status, .new)
        XCTAssertEqual(preview.knownHost(2).status, .cannotImport(reason: "the same record as /home/me/.ssh/known_hosts:1"))
        XCTAssertEqual(
            preview.knownHost(3).status, .conflict(reason: "/home/me/.ssh/known_hosts:1 gives another ssh-ed25519 key for web"))
        XCTAssertEqual(preview.knownHost(4).status, .new)
    }

    func testAHashedRecordIsNewUnlessTheVaultHoldsExactlyIt() {
        let hashed = "|1|JfKTdBh7rNbXkVAQCRp4OQoPfmI=|USECr3SWf1JUPsms5AqfD5QfxkM="
        let preview = Fixture.preview(
            knownHosts: [Fixture.knownHost(hashed, seed: 2)], vault: VaultSnapshot(knownHosts: [trusted("web", seed: 1)]))
        XCTAssertEqual(preview.knownHost(1).status, .new)
        XCTAssertTrue(preview.knownHost(1).isHashed)
    }
}
