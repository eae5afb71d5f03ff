import Foundation
import TermindApplication
import TermindDomain
import TermindTestDoubles
import XCTest

final class VaultEditorKnownHostTests: XCTestCase {
    private let ed25519 = KnownHost(pattern: "web.example.com", keyType: "ssh-ed25519", keyBlob: [1, 1, 1])
    private let rsa = KnownHost(pattern: "web.example.com", keyType: "ssh-rsa", keyBlob: [2, 2, 2])
    private let other = KnownHost(pattern: "db.example.com", keyType: "ssh-ed25519", keyBlob: [3, 3, 3])

    func testAddKnownHostSavesTheRecord() async throws {
        let rig = VaultEditorRig()
        let added = try await rig.editor.addKnownHost(ed25519)
        XCTAssertEqual(added, ed25519)
        let stored = await rig.store.snapshot().knownHosts
        XCTAssertEqual(stored, [ed25519])
    }

    func testAnExactDuplicateIsRefused() async throws {
        let rig = VaultEditorRig(VaultSnapshot(knownHosts: [ed25519]))
        let again = KnownHost(pattern: ed25519.pattern, keyType: ed25519.keyType, keyBlob: ed25519.keyBlob, comment: "again")
        await assertThrows(VaultRuleViolation.knownHostExists(pattern: "web.example.com", keyType: "ssh-ed25519")) {
            try await rig.editor.addKnownHost(again)
        }
        XCTAssertEqual(rig.journal.entries, [])
    }

    func testTheSamePatternWithAnotherKeyOrMarkerIsAnotherRecord() async throws {
        let rig = VaultEditorRig(VaultSnapshot(knownHosts: [ed25519]))
        let rotated = KnownHost(pattern: ed25519.pattern, keyType: ed25519.keyType, keyBlob: [9, 9, 9])
        let revoked = KnownHost(pattern: ed25519.pattern, keyType: ed25519.keyType, keyBlob: ed25519.keyBlob, marker: .revoked)
        try await rig.editor.addKnownHost(rotated)
        try await rig.editor.addKnownHost(revoked)
        let stored = await rig.store.snapshot().knownHosts
        XCTAssertEqual(stored, [ed25519, rotated, revoked])
    }

    func testRemoveByPatternRemovesEveryKeyTypeForItInOneApply() async throws {
        let rig = VaultEditorRig(VaultSnapshot(knownHosts: [ed25519, rsa, other]))
        let removed = try await rig.editor.removeKnownHosts("web.example.com", keyType: nil)
        XCTAssertEqual(removed, [ed25519, rsa])
        XCTAssertEqual(rig.journal.entries, [.applied([.remove(.knownHost, id: ed25519.id), .remove(.knownHost, id: rsa.id)])])
        let stored = await rig.store.snapshot().knownHosts
        XCTAssertEqual(stored, [other])
    }

    func testRemoveByPatternAndTypeKeepsTheOtherTypes() async throws {
        let rig = VaultEditorRig(VaultSnapshot(knownHosts: [ed25519, rsa, other]))
        let removed = try await rig.editor.removeKnownHosts("web.example.com", keyType: "ssh-rsa")
        XCTAssertEqual(removed, [rsa])
        let stored = await rig.store.snapshot().knownHosts
        XCTAssertEqual(stored, [ed25519, other])
    }

    func testAnUnknownPatternIsMissingRecord() async {
        let rig = VaultEditorRig(VaultSnapshot(knownHosts: [ed25519, rsa, other]))
        await assertThrows(VaultRuleViolation.missingRecord(kind: .knownHost, label: "nope.example.com")) {
            try await rig.editor.removeKnownHosts("nope.example.com", keyType: nil)
        }
        await assertThrows(VaultRuleViolation.missingRecord(kind: .knownHost, label: "db.example.com")) {
            try await rig.editor.removeKnownHosts("db.example.com", keyType: "ssh-rsa")
        }
        XCTAssertEqual(rig.journal.entries, [])
    }
}
