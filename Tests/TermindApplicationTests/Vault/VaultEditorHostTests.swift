import Foundation
import TermindApplication
import TermindDomain
import TermindTestDoubles
import XCTest

private typealias Host = TermindDomain.Host

final class VaultEditorHostTests: XCTestCase {
    private var deploy: Identity!
    private var ops: Identity!
    private var bastion: Host!
    private var inner: Host!
    private var web: Host!
    private var db: Host!
    private var trust: KnownHost!
    private var rig: VaultEditorRig!

    override func setUpWithError() throws {
        deploy = try Identity(label: Label("deploy"), username: "deploy")
        ops = try Identity(label: Label("ops"), username: "ops")
        bastion = try Host(label: Label("bastion"), hostname: "bastion.example.com")
        inner = try Host(label: Label("inner"), hostname: "10.0.0.1")
        web = try Host(
            label: Label("web"), hostname: "10.0.0.5", port: Port(2222), username: "root", identityID: deploy.id,
            jumpChain: [bastion.id, inner.id], tags: ["prod"], notes: "the shop")
        db = try Host(label: Label("db"), hostname: "10.0.0.6", jumpChain: [bastion.id])
        trust = KnownHost(pattern: "bastion.example.com", keyType: "ssh-ed25519", keyBlob: [1, 2, 3])
        rig = VaultEditorRig(
            VaultSnapshot(hosts: [bastion, inner, web, db], identities: [deploy, ops], knownHosts: [trust]))
    }

    // MARK: add

    func testAddHostResolvesIdentityAndJumpLabelsToIDs() async throws {
        let added = try await rig.editor.addHost(
            "app",
            HostFields(
                hostname: "app.internal", port: 2200, username: "svc", identity: "ops", jumps: ["bastion", "inner"],
                tags: ["staging"], notes: "new"))
        XCTAssertEqual(added.identityID, ops.id)
        XCTAssertEqual(added.jumpChain, [bastion.id, inner.id])
        XCTAssertEqual(added.hostname, "app.internal")
        XCTAssertEqual(added.port.rawValue, 2200)
        XCTAssertEqual(added.username, "svc")
        XCTAssertEqual(added.tags, ["staging"])
        XCTAssertEqual(added.notes, "new")
        let stored = await rig.store.snapshot().host("app")
        XCTAssertEqual(stored, added)
    }

    func testAddHostWithOnlyAHostnameGetsPortTwentyTwoAndNoBindings() async throws {
        let added = try await rig.editor.addHost("plain", HostFields(hostname: "plain.example.com"))
        XCTAssertEqual(added.port, .ssh)
        XCTAssertNil(added.identityID)
        XCTAssertNil(added.username)
        XCTAssertEqual(added.jumpChain, [])
    }

    func testAddHostRefusesAnUnknownIdentity() async {
        await assertThrows(VaultRuleViolation.missingRecord(kind: .identity, label: "nobody")) {
            try await rig.editor.addHost("app", HostFields(hostname: "app", identity: "nobody"))
        }
        XCTAssertEqual(rig.journal.entries, [])
    }

    func testAddHostRefusesAnUnknownJumpHostNamingTheHop() async {
        await assertThrows(VaultRuleViolation.jumpHostMissing(host: "app", hop: "bastoin")) {
            try await rig.editor.addHost("app", HostFields(hostname: "app", jumps: ["bastion", "bastoin"]))
        }
        XCTAssertEqual(rig.journal.entries, [])
    }

    func testAddHostRefusesATakenLabel() async {
        await assertThrows(VaultRuleViolation.duplicateLabel(kind: .host, label: "web")) {
            try await rig.editor.addHost("web", HostFields(hostname: "elsewhere"))
        }
        let stored = await rig.store.snapshot()
        XCTAssertEqual(stored.host("web"), web)
    }

    func testAddHostNeedsAValidHostnamePortAndLabel() async {
        await assertThrows(VaultRuleViolation.invalidHostname("", reason: "give one with --hostname")) {
            try await rig.editor.addHost("app", HostFields())
        }
        await assertThrows(VaultRuleViolation.invalidPort(0)) {
            try await rig.editor.addHost("app", HostFields(hostname: "app", port: 0))
        }
        await assertThrows(VaultRuleViolation.invalidLabel("a:b", reason: "a label cannot contain ':'")) {
            try await rig.editor.addHost("a:b", HostFields(hostname: "app"))
        }
        XCTAssertEqual(rig.journal.entries, [])
    }

    // MARK: edit

    func testEditHostChangesOnlyTheGivenFields() async throws {
        let edited = try await rig.editor.editHost("web", HostFields(port: 2200, tags: ["prod", "eu"]))
        var expected = web!
        expected.port = try Port(2200)
        expected.tags = ["prod", "eu"]
        XCTAssertEqual(edited, expected)
        let stored = await rig.store.snapshot().host("web")
        XCTAssertEqual(stored, expected)
    }

    func testEditHostWithEmptyValuesUnbindsIdentityUsernameAndChain() async throws {
        let edited = try await rig.editor.editHost("web", HostFields(username: "", identity: "", jumps: []))
        XCTAssertNil(edited.identityID)
        XCTAssertNil(edited.username)
        XCTAssertEqual(edited.jumpChain, [])
        XCTAssertEqual(edited.hostname, web.hostname)
    }

    func testEditHostResolvesNewIdentityAndJumpLabels() async throws {
        let edited = try await rig.editor.editHost("db", HostFields(identity: "ops", jumps: ["inner", "bastion"]))
        XCTAssertEqual(edited.identityID, ops.id)
        XCTAssertEqual(edited.jumpChain, [inner.id, bastion.id])
    }

    func testEditHostRefusesAnInvalidHostnameAndLeavesTheHostAlone() async {
        await assertThrows(VaultRuleViolation.invalidHostname("-x", reason: "it cannot start with '-'")) {
            try await rig.editor.editHost("web", HostFields(hostname: "-x"))
        }
        let stored = await rig.store.snapshot().host("web")
        XCTAssertEqual(stored, web)
    }

    func testRenameKeepsTheIDSoJumpChainsStillPointAtIt() async throws {
        let renamed = try await rig.editor.editHost("bastion", HostFields(), newLabel: "gateway")
        XCTAssertEqual(renamed.id, bastion.id)
        let stored = await rig.store.snapshot()
        XCTAssertNil(stored.host("bastion"))
        XCTAssertEqual(stored.host("gateway")?.id, bastion.id)
        XCTAssertEqual(stored.host("web")?.jumpChain, [bastion.id, inner.id])
        XCTAssertEqual(stored.hostsJumpingThrough(hostID: bastion.id), ["db", "web"])
    }

    func testRenameToATakenLabelIsRefused() async {
        await assertThrows(VaultRuleViolation.duplicateLabel(kind: .host, label: "web")) {
            try await rig.editor.editHost("db", HostFields(), newLabel: "web")
        }
        let stored = await rig.store.snapshot()
        XCTAssertEqual(stored.host("db"), db)
        XCTAssertEqual(stored.host("web"), web)
    }

    func testEditHostRefusesAJumpThatWouldLoop() async {
        await assertThrows(VaultRuleViolation.jumpChainCycle(host: "bastion", cycle: ["bastion", "web", "bastion"])) {
            try await rig.editor.editHost("bastion", HostFields(jumps: ["web"]))
        }
        let stored = await rig.store.snapshot().host("bastion")
        XCTAssertEqual(stored?.jumpChain, [])
    }

    func testEditingAnUnknownHostIsMissingRecord() async {
        await assertThrows(VaultRuleViolation.missingRecord(kind: .host, label: "nope")) {
            try await rig.editor.editHost("nope", HostFields(port: 22))
        }
    }

    // MARK: remove

    func testRemoveHostRefusesWhileOtherHostsJumpThroughItAndNamesThem() async {
        await assertThrows(
            VaultRuleViolation.recordInUse(kind: .host, label: "bastion", usedBy: ["Host 'db'", "Host 'web'"])
        ) {
            try await rig.editor.removeHost("bastion")
        }
        XCTAssertEqual(rig.journal.entries, [])
        let stored = await rig.store.snapshot()
        XCTAssertEqual(stored.hosts.count, 4)
    }

    func testForcedRemoveTakesTheHostOutOfEveryChainInTheSameApply() async throws {
        try await rig.editor.removeHost("bastion", force: true)

        let batches = rig.store.appliedBatches
        XCTAssertEqual(batches.count, 1, "unbinding and removing must be one transaction")
        var webAfter = web!
        webAfter.jumpChain = [inner.id]
        var dbAfter = db!
        dbAfter.jumpChain = []
        XCTAssertEqual(batches.first, [.save(.host(webAfter)), .save(.host(dbAfter)), .remove(.host, id: bastion.id)])

        let stored = await rig.store.snapshot()
        XCTAssertNil(stored.host("bastion"))
        XCTAssertEqual(stored.host("web"), webAfter)
        XCTAssertEqual(stored.host("db"), dbAfter)
    }

    func testRemovingAHostKeepsItsKnownHosts() async throws {
        try await rig.editor.removeHost("bastion", force: true)
        let stored = await rig.store.snapshot()
        XCTAssertEqual(stored.knownHosts, [trust])
    }

    func testRemoveHostNobodyJumpsThroughNeedsNoForce() async throws {
        try await rig.editor.removeHost("web")
        let stored = await rig.store.snapshot()
        XCTAssertNil(stored.host("web"))
        XCTAssertEqual(rig.store.appliedBatches, [[.remove(.host, id: web.id)]])
    }

    func testRemovingAnUnknownHostIsMissingRecord() async {
        await assertThrows(VaultRuleViolation.missingRecord(kind: .host, label: "nope")) {
            try await rig.editor.removeHost("nope", force: true)
        }
    }
}
