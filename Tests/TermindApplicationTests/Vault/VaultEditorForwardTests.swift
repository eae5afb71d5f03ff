import Foundation
import TermindApplication
import TermindDomain
import TermindTestDoubles
import XCTest

private typealias Host = TermindDomain.Host

/// One forwarding rule added, changed or removed from the workbench (`VaultEditor.changeForward`):
/// applied to the Host as the Vault has it at the write, so another termind's change made
/// meanwhile stays; a rule gone meanwhile is refused with what to do.
final class VaultEditorForwardTests: XCTestCase {
    private let web = try! ForwardRule(parsingStored: "L 8080:localhost:80")
    private let socks = try! ForwardRule(parsingStored: "D 1080")
    private let admin = try! ForwardRule(parsingStored: "R 9000:localhost:3000")
    private var rig: VaultEditorRig!

    override func setUpWithError() throws {
        var host = try Host(label: Label("srv"), hostname: "10.0.0.5", tags: ["prod"], notes: "the shop")
        host.forwards = [HostForward(rule: web), HostForward(rule: socks, enabled: false)]
        rig = VaultEditorRig(VaultSnapshot(hosts: [host]))
    }

    private var stored: Host {
        get async throws {
            let snapshot = await rig.store.snapshot()
            return try XCTUnwrap(snapshot.host("srv"))
        }
    }

    func testAnAddedRuleComesLastEnabledAndTheHostsOtherFieldsStay() async throws {
        let before = try await stored
        let returned = try await rig.editor.changeForward(of: "srv", .add(admin))
        let after = try await stored
        XCTAssertEqual(after, returned)
        XCTAssertEqual(after.forwards, before.forwards + [HostForward(rule: admin)])
        var expected = before
        expected.forwards = after.forwards
        XCTAssertEqual(after, expected, "nothing else of the Host changed")
    }

    func testAChangedRuleKeepsItsPlaceAndWhetherItIsEnabled() async throws {
        let wider = try ForwardRule(parsingStored: "D 0.0.0.0:1081")
        try await rig.editor.changeForward(of: "srv", .replace(socks, with: wider))
        let after = try await stored
        XCTAssertEqual(after.forwards, [HostForward(rule: web), HostForward(rule: wider, enabled: false)])
    }

    func testARemovedRuleIsGoneAndTheOthersStay() async throws {
        try await rig.editor.changeForward(of: "srv", .remove(web))
        let after = try await stored
        XCTAssertEqual(after.forwards, [HostForward(rule: socks, enabled: false)])
    }

    /// Another termind edits the Host between the overlay's read and its write: both changes
    /// are in the Vault afterwards (the write applies to the Host as it is then).
    func testAnotherTermindsChangeMadeMeanwhileIsKept() async throws {
        // The other termind: a new hostname, the SOCKS rule turned on, a rule of its own.
        var fields = HostFields(hostname: "10.9.9.9")
        fields.addForwards = [admin]
        fields.enableForwards = [socks]
        let other = VaultEditor(store: rig.store, secrets: rig.secrets, keyCodec: StubPrivateKeyCodec())
        try await other.editHost("srv", fields)

        let moved = try ForwardRule(parsingStored: "L 8081:localhost:80")
        try await rig.editor.changeForward(of: "srv", .replace(web, with: moved))
        let after = try await stored
        XCTAssertEqual(after.hostname, "10.9.9.9")
        XCTAssertEqual(after.tags, ["prod"])
        XCTAssertEqual(after.forwards, [HostForward(rule: moved), HostForward(rule: socks), HostForward(rule: admin)])
    }

    func testARuleRemovedMeanwhileIsRefusedSayingWhatToDoAndNothingIsWritten() async throws {
        try await rig.editor.editHost("srv", { var fields = HostFields(); fields.removeForwards = [web]; return fields }())
        let before = try await stored
        let mark = rig.journal.entries.count
        let moved = try ForwardRule(parsingStored: "L 8081:localhost:80")
        for change in [ForwardChange.replace(web, with: moved), .remove(web)] {
            do {
                _ = try await rig.editor.changeForward(of: "srv", change)
                XCTFail("\(change) was written")
            } catch let refused as ForwardChangeRefused {
                XCTAssertEqual(refused.description, "Host 'srv' no longer has the rule 'L 8080:localhost:80': another termind changed it "
                    + "meanwhile (its rules now: D 1080). Nothing was written; the list shows the Host as it is now: choose the rule again.")
            }
        }
        let after = try await stored
        XCTAssertEqual(after, before)
        XCTAssertTrue(rig.entries(after: mark).isEmpty, "nothing written: \(rig.entries(after: mark))")
    }

    func testARuleTheHostHasAlreadyIsRefused() async throws {
        for change in [ForwardChange.add(socks), .replace(web, with: socks)] {
            do {
                _ = try await rig.editor.changeForward(of: "srv", change)
                XCTFail("\(change) was written")
            } catch let refused as ForwardChangeRefused {
                XCTAssertEqual(refused.description, "Host 'srv' already has the rule 'D 1080'.")
            }
        }
        // Saved unchanged: nothing to refuse.
        try await rig.editor.changeForward(of: "srv", .replace(web, with: web))
    }

    func testAHostGoneMeanwhileIsRefused() async throws {
        await assertThrows(VaultRuleViolation.missingRecord(kind: .host, label: "gone")) {
            try await rig.editor.changeForward(of: "gone", .add(admin))
        }
    }
}
