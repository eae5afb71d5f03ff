import Foundation
import TermindDomain
import XCTest

private typealias Host = TermindDomain.Host

final class VaultSnapshotTests: XCTestCase {
    private var snapshot = VaultSnapshot()
    private var key: SSHKey!
    private var deploy: Identity!
    private var ops: Identity!
    private var bastion: Host!
    private var web: Host!
    private var db: Host!
    private var edge: Host!

    override func setUpWithError() throws {
        key = SSHKey(
            label: try Label("deploy-ed25519"), algorithm: .ed25519, bits: 256, publicKeyBlob: SSHKeyFixture.ed25519Blob,
            privateKeySecretID: UUID(), isEncrypted: false)
        deploy = try Identity(label: Label("deploy"), username: "deploy", keyID: key.id)
        ops = try Identity(label: Label("ops"), username: "ops", keyID: key.id)
        let root = try Identity(label: Label("root"), username: "root")
        bastion = try Host(label: Label("bastion"), hostname: "bastion.example.com", identityID: ops.id)
        web = try Host(label: Label("web"), hostname: "10.0.0.5", identityID: deploy.id, jumpChain: [bastion.id])
        db = try Host(label: Label("db"), hostname: "10.0.0.6", identityID: deploy.id, jumpChain: [bastion.id])
        edge = try Host(label: Label("edge"), hostname: "10.0.0.7", jumpChain: [web.id])
        let snippet = Snippet(label: try Label("uptime"), script: "uptime")
        let template = Template(label: try Label("ops"), layout: .pane(kind: .terminal, hostID: web.id))
        snapshot = VaultSnapshot(
            hosts: [web, edge, bastion, db], identities: [deploy, ops, root], keys: [key], snippets: [snippet],
            templates: [template])
    }

    func testRecordsAreFoundByLabelPerKind() {
        XCTAssertEqual(snapshot.host("web"), web)
        XCTAssertEqual(snapshot.identity("deploy"), deploy)
        XCTAssertEqual(snapshot.key("deploy-ed25519"), key)
        XCTAssertEqual(snapshot.snippet("uptime")?.script, "uptime")
        XCTAssertEqual(snapshot.template("ops")?.layout.hostIDs, [web.id])
        XCTAssertEqual(snapshot.identity("ops"), ops, "the same label in another kind is another record")
    }

    func testUnknownLabelsFindNothing() {
        XCTAssertNil(snapshot.host("deploy"))
        XCTAssertNil(snapshot.identity("web"))
        XCTAssertNil(snapshot.key("nope"))
        XCTAssertNil(snapshot.snippet(""))
        XCTAssertNil(snapshot.template("web"))
    }

    func testRecordsAreFoundById() {
        XCTAssertEqual(snapshot.host(id: db.id), db)
        XCTAssertEqual(snapshot.identity(id: ops.id), ops)
        XCTAssertEqual(snapshot.key(id: key.id), key)
        XCTAssertNil(snapshot.host(id: key.id))
        XCTAssertNil(snapshot.identity(id: UUID()))
        XCTAssertNil(snapshot.key(id: UUID()))
    }

    func testHostsUsingAnIdentityAreItsUsersSortedByLabel() {
        XCTAssertEqual(snapshot.hostsUsing(identityID: deploy.id), ["db", "web"])
        XCTAssertEqual(snapshot.hostsUsing(identityID: ops.id), ["bastion"])
        XCTAssertEqual(snapshot.hostsUsing(identityID: snapshot.identity("root")!.id), [])
    }

    func testIdentitiesUsingAKeyAreItsUsersSortedByLabel() {
        XCTAssertEqual(snapshot.identitiesUsing(keyID: key.id), ["deploy", "ops"])
        XCTAssertEqual(snapshot.identitiesUsing(keyID: UUID()), [])
    }

    func testHostsJumpingThroughAHostAreOnlyThoseNamingItInTheirOwnChain() {
        XCTAssertEqual(snapshot.hostsJumpingThrough(hostID: bastion.id), ["db", "web"])
        XCTAssertEqual(snapshot.hostsJumpingThrough(hostID: web.id), ["edge"])
        XCTAssertEqual(snapshot.hostsJumpingThrough(hostID: edge.id), [])
    }
}
