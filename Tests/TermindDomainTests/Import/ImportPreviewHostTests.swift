import Foundation
import TermindDomain
import XCTest

/// Hosts and the Identities derived from them: statuses, (User, IdentityFile) pairs, ProxyJump hops.
final class ImportPreviewHostTests: XCTestCase {
    typealias Fixture = ImportPreviewFixture

    func testIdentitiesComeFromUserAndIdentityFilePairsWhoseKeysAreInTheFolder() {
        let preview = Fixture.preview(
            keys: [Fixture.key("id_ed25519", seed: 1), Fixture.key("work", seed: 2)],
            hosts: [
                Fixture.host("web", user: "deploy", keys: ["id_ed25519", "missing"]),
                Fixture.host("db", user: "deploy", keys: ["id_ed25519", "work"]),
                Fixture.host("nouser", keys: ["work"]),
            ])
        XCTAssertEqual(preview.identities.map(\.label), ["deploy-id_ed25519", "deploy-work"])
        XCTAssertEqual(preview.identities.map(\.username), ["deploy", "deploy"])
        XCTAssertEqual(preview.identities.map(\.keyIndex), [1, 2])
        XCTAssertEqual(preview.hosts.map(\.identityIndexes), [[1], [1, 2], []])
    }

    func testAnIdentityWithTheSameUserAndKeyInTheVaultIsExisting() throws {
        let key = Fixture.vaultKey("laptop", seed: 1)
        let identity = try Identity(label: Label("me"), username: "deploy", keyID: key.id)
        let preview = Fixture.preview(
            keys: [Fixture.key("id_ed25519", seed: 1)], hosts: [Fixture.host("web", user: "deploy", keys: ["id_ed25519"])],
            vault: VaultSnapshot(identities: [identity], keys: [key]))
        XCTAssertEqual(preview.identity(1).status, .existing(label: "me"))
        XCTAssertEqual(preview.identity(1).existingIdentityID, identity.id)
    }

    func testAnIdentityWhoseKeyCannotBeImportedCannotBeImported() {
        let preview = Fixture.preview(
            keys: [Fixture.key("id_dsa", seed: 1, publicKnown: false, problem: "unsupported key: ssh-dss")],
            hosts: [Fixture.host("web", user: "deploy", keys: ["id_dsa"])])
        XCTAssertEqual(
            preview.identity(1).status, .cannotImport(reason: "its Key 'id_dsa' cannot be imported: unsupported key: ssh-dss"))
    }

    func testAHostIsExistingWhenTheVaultHasItAsConfiguredAndConflictsOtherwise() throws {
        let same = try Host(label: Label("web"), hostname: "web.example.com", username: "deploy")
        let other = try Host(label: Label("db"), hostname: "elsewhere.example.com")
        let preview = Fixture.preview(
            hosts: [Fixture.host("web", user: "deploy"), Fixture.host("db"), Fixture.host("new")],
            vault: VaultSnapshot(hosts: [same, other]))
        XCTAssertEqual(preview.host(1).status, .existing(label: "web"))
        XCTAssertEqual(preview.host(1).existingHostID, same.id)
        XCTAssertEqual(
            preview.host(2).status, .conflict(reason: "the Vault has another Host labelled 'db' (elsewhere.example.com:22)"))
        XCTAssertEqual(preview.host(3).status, .new)
    }

    func testAHostWhoseAliasIsNoLabelCannotBeImported() {
        let preview = Fixture.preview(hosts: [Fixture.host("me@web"), Fixture.host("web", port: 70000)])
        XCTAssertEqual(preview.host(1).status, .cannotImport(reason: "'me@web' is not a valid label: a label cannot contain '@'"))
        XCTAssertEqual(preview.host(2).status, .cannotImport(reason: "port 70000 is out of range: use 1 to 65535"))
    }

    func testProxyJumpHopsNameHostsOfTheConfigOrTheVault() throws {
        let gate = try Host(label: Label("gate"), hostname: "gate.example.com")
        let preview = Fixture.preview(
            hosts: [
                Fixture.host("bastion", user: "ops"),
                Fixture.host("web", jumps: [SSHConfigJumpHop(host: "gate"), SSHConfigJumpHop(user: "ops", host: "bastion")]),
                Fixture.host("db", jumps: [SSHConfigJumpHop(host: "nowhere")]),
                Fixture.host("cache", jumps: [SSHConfigJumpHop(host: "bastion", port: 2222)]),
            ],
            vault: VaultSnapshot(hosts: [gate]))
        XCTAssertEqual(preview.host(1).hopTargets, [])
        XCTAssertEqual(preview.host(2).hopTargets, [.vault(gate.id), .item(1)])
        XCTAssertNil(preview.host(3).hopTargets)
        XCTAssertEqual(preview.host(3).notes, [
            "ProxyJump hop 'nowhere' is not a Host of the config or the Vault; the jump chain is left empty",
        ])
        XCTAssertNil(preview.host(4).hopTargets, "the hop's port differs from the Host's")
        XCTAssertEqual(preview.host(4).notes, [
            "ProxyJump hop 'bastion:2222' uses port 2222, Host 'bastion' port 22; the jump chain is left empty",
        ])
    }
}
