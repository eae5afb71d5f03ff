import Foundation
import TermindDomain
import XCTest

/// The selection rules of docs/behaviour.md §6, as `ImportPlan` applies them.
final class ImportPlanTests: XCTestCase {
    typealias Fixture = ImportPreviewFixture

    /// Key 1 `id_ed25519`, Identity 1 `deploy-id_ed25519`, Host 1 `web` using it.
    private func webPreview(vault: VaultSnapshot = VaultSnapshot()) -> ImportPreview {
        Fixture.preview(
            keys: [Fixture.key("id_ed25519", seed: 1)], hosts: [Fixture.host("web", user: "deploy", keys: ["id_ed25519"])],
            vault: vault)
    }

    private func plan(_ selection: ImportSelection, _ preview: ImportPreview, passphrases: Bool = false) throws -> ImportPlan {
        try ImportPlan(selection, in: preview, passphrasesAvailable: passphrases)
    }

    private func assertRefused(
        _ selection: ImportSelection, _ preview: ImportPreview, _ expected: ImportSelectionError, line: UInt = #line
    ) {
        XCTAssertThrowsError(try plan(selection, preview), line: line) { error in
            XCTAssertEqual(error as? ImportSelectionError, expected, line: line)
        }
    }

    func testAnImportedIdentityRequiresItsKeySelected() throws {
        assertRefused(
            ImportSelection(identities: ["deploy-id_ed25519"]), webPreview(),
            .identityNeedsKey(identity: "deploy-id_ed25519", key: "id_ed25519"))
        let plan = try plan(ImportSelection(identities: ["deploy-id_ed25519"], keys: ["id_ed25519"]), webPreview())
        XCTAssertEqual(plan.keys, [1])
        XCTAssertEqual(plan.identities, [.init(index: 1, key: .item(1))])
    }

    func testAnIdentityWhoseKeyIsInTheVaultUsesThatKey() throws {
        let key = Fixture.vaultKey("laptop", seed: 1)
        let plan = try plan(ImportSelection(identities: ["1"]), webPreview(vault: VaultSnapshot(keys: [key])))
        XCTAssertEqual(plan.keys, [])
        XCTAssertEqual(plan.identities, [.init(index: 1, key: .vault(key.id))])
    }

    func testSelectingAHostNeverSelectsItsIdentityOrKey() throws {
        let plan = try plan(ImportSelection(hosts: ["web"]), webPreview())
        XCTAssertEqual(plan.keys, [])
        XCTAssertEqual(plan.identities, [])
        XCTAssertEqual(plan.hosts, [.init(index: 1, identity: nil, jumps: [])])
        XCTAssertEqual(plan.notes, [
            "Host 'web' is imported without an Identity: its Identity 'deploy-id_ed25519' is neither in the Vault nor selected",
        ])
    }

    func testAHostBindsToAnExactIdentityInTheVault() throws {
        let key = Fixture.vaultKey("laptop", seed: 1)
        let identity = try Identity(label: Label("me"), username: "deploy", keyID: key.id)
        let plan = try plan(ImportSelection(hosts: ["web"]), webPreview(vault: VaultSnapshot(identities: [identity], keys: [key])))
        XCTAssertEqual(plan.hosts, [.init(index: 1, identity: .vault(identity.id), jumps: [])])
        XCTAssertEqual(plan.notes, [])
    }

    func testAHostBindsToTheFirstOfItsIdentitiesThatIsSelected() throws {
        let preview = Fixture.preview(
            keys: [Fixture.key("a", seed: 1), Fixture.key("b", seed: 2)],
            hosts: [Fixture.host("web", user: "deploy", keys: ["a", "b"])])
        let plan = try plan(ImportSelection(hosts: ["web"], identities: ["deploy-b"], keys: ["b"]), preview)
        XCTAssertEqual(plan.hosts, [.init(index: 1, identity: .item(2), jumps: [])])
    }

    func testAllTakesEveryNewItemAndNothingElse() throws {
        let stored = try Host(label: Label("db"), hostname: "db.example.com")
        let preview = Fixture.preview(
            keys: [Fixture.key("id_ed25519", seed: 1), Fixture.key("bad", seed: 5, publicKnown: false, problem: "damaged")],
            hosts: [Fixture.host("web", user: "deploy", keys: ["id_ed25519"]), Fixture.host("db")],
            knownHosts: [Fixture.knownHost("web", seed: 3), Fixture.knownHost("web", seed: 3, line: 2)],
            vault: VaultSnapshot(hosts: [stored]))
        let plan = try plan(ImportSelection(all: true), preview)
        XCTAssertEqual(plan.keys, [2], "key 1 is 'bad'")
        XCTAssertEqual(plan.identities, [.init(index: 1, key: .item(2))])
        XCTAssertEqual(plan.hosts, [.init(index: 1, identity: .item(1), jumps: [])])
        XCTAssertEqual(plan.knownHosts, [1])
    }

    func testAJumpHopBecomesPartOfTheChainOnlyWhenItIsImportedTooAndComesFirst() throws {
        let preview = Fixture.preview(hosts: [
            Fixture.host("web", jumps: [SSHConfigJumpHop(host: "bastion")]), Fixture.host("bastion"),
        ])
        let alone = try plan(ImportSelection(hosts: ["web"]), preview)
        XCTAssertEqual(alone.hosts, [.init(index: 1, identity: nil, jumps: [])])
        XCTAssertEqual(alone.notes, [
            "Host 'web' is imported without its jump chain: its hop 'bastion' is neither in the Vault nor selected",
        ])
        let both = try plan(ImportSelection(hosts: ["web", "bastion"]), preview)
        XCTAssertEqual(both.hosts, [
            .init(index: 2, identity: nil, jumps: []), .init(index: 1, identity: nil, jumps: [.item(2)]),
        ])
    }

    func testAHopAlreadyInTheVaultIsUsedAsIs() throws {
        let bastion = try Host(label: Label("bastion"), hostname: "bastion.example.com")
        let preview = Fixture.preview(
            hosts: [Fixture.host("web", jumps: [SSHConfigJumpHop(host: "bastion")]), Fixture.host("bastion")],
            vault: VaultSnapshot(hosts: [bastion]))
        XCTAssertEqual(preview.host(2).status, .existing(label: "bastion"))
        let plan = try plan(ImportSelection(all: true), preview)
        XCTAssertEqual(plan.hosts, [.init(index: 1, identity: nil, jumps: [.vault(bastion.id)])])
    }

    func testAProxyJumpLoopLeavesTheChainsOnItEmpty() throws {
        let preview = Fixture.preview(hosts: [
            Fixture.host("a", jumps: [SSHConfigJumpHop(host: "b")]), Fixture.host("b", jumps: [SSHConfigJumpHop(host: "a")]),
        ])
        let plan = try plan(ImportSelection(all: true), preview)
        XCTAssertEqual(Set(plan.hosts.map(\.index)), [1, 2])
        XCTAssertTrue(plan.hosts.allSatisfy { $0.jumps.isEmpty }, "\(plan.hosts)")
        XCTAssertTrue(plan.notes.contains { $0.contains("ProxyJump loops (a → b → a)") }, "\(plan.notes)")
    }

    func testItemsAreNamedByLabelOrIndexAndUnknownOrUnimportableNamesAreRefused() throws {
        let stored = Fixture.vaultKey("id_ed25519", seed: 9)
        let preview = webPreview(vault: VaultSnapshot(keys: [stored]))
        assertRefused(ImportSelection(hosts: ["nope"]), preview, .unknownItem(kind: .host, name: "nope"))
        assertRefused(
            ImportSelection(keys: ["1"]), preview, .notImportable(kind: .key, name: "id_ed25519", status: preview.key(1).status))
        XCTAssertEqual(try plan(ImportSelection(hosts: ["1"]), preview).hosts.map(\.index), [1])
    }

    func testNamingAnItemAlreadyInTheVaultWritesNothingAndSaysSo() throws {
        let key = Fixture.vaultKey("laptop", seed: 1)
        let plan = try plan(ImportSelection(keys: ["id_ed25519"]), webPreview(vault: VaultSnapshot(keys: [key])))
        XCTAssertTrue(plan.isEmpty)
        XCTAssertEqual(plan.notes, ["Key 'id_ed25519' is already in the Vault as 'laptop': nothing to write"])
    }

    func testAnEncryptedPEMKeyIsTakenOnlyWhenPassphrasesCanBeAsked() throws {
        let preview = Fixture.preview(keys: [Fixture.key("ops.pem", seed: 1, format: .pem, encrypted: true, publicKnown: false)])
        assertRefused(ImportSelection(keys: ["ops.pem"]), preview, .keyNeedsPassphrase(key: "ops.pem"))
        XCTAssertEqual(try plan(ImportSelection(all: true), preview).keys, [])
        XCTAssertEqual(try plan(ImportSelection(all: true), preview, passphrases: true).keys, [1])
    }
}
