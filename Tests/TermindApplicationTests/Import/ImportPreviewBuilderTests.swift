import Foundation
import TermindApplication
import TermindDomain
import XCTest

/// The preview reads every kind of file to its place and keeps no private-key text.
final class ImportPreviewBuilderTests: XCTestCase {
    func testEveryKindOfFileFindsItsPlaceInThePreview() async throws {
        let rig = ImportRig()
        let key = try ImportTestKey.generate()
        let rsa = try ImportTestKey.generate("rsa", pem: true)
        rig.add(key, as: "id_ed25519")
        rig.add(rsa, as: "legacy", withPublicFile: false)
        rig.config("Host web\n  User deploy\n  IdentityFile ~/.ssh/id_ed25519\n  ProxyCommand nc %h %p\n")
        let hostKey = try ImportTestKey.generate()
        rig.directory.write("web \(hostKey.publicLine)\nbad line\n", to: ImportRig.folder + "/known_hosts")
        rig.directory.write("\(key.publicLine)\n\(rsa.publicLine)\n", to: ImportRig.folder + "/authorized_keys")
        rig.directory.write("call the bank\n", to: ImportRig.folder + "/todo")
        rig.directory.skip(ImportRig.folder + "/escape", .outsideFolder, "a symlink to /etc/passwd, outside the folder: not followed")

        let preview = try await rig.preview()
        XCTAssertEqual(preview.hosts.map(\.alias), ["web"])
        XCTAssertEqual(preview.hosts.first?.identityFiles, [ImportRig.folder + "/id_ed25519"])
        XCTAssertEqual(preview.identities.map(\.label), ["deploy-id_ed25519"])
        XCTAssertEqual(preview.keys.map(\.label), ["id_ed25519", "legacy"])
        XCTAssertEqual(preview.keys.map(\.format), [.openSSH, .pem])
        XCTAssertEqual(preview.keys.map(\.warnings.count), [0, 1], "the RSA key is warned about")
        XCTAssertEqual(preview.knownHosts.map(\.record.pattern), ["web"])
        XCTAssertEqual(preview.knownHosts.first?.location.description, ImportRig.folder + "/known_hosts:1")
        let skipped = Dictionary(uniqueKeysWithValues: preview.skipped.map { ($0.location.description, $0.kind) })
        XCTAssertEqual(skipped, [
            ImportRig.folder + "/authorized_keys": .authorizedKeys,
            ImportRig.folder + "/config:4": .configNote,
            ImportRig.folder + "/escape": .outsideFolder,
            ImportRig.folder + "/id_ed25519.pub": .publicKey,
            ImportRig.folder + "/known_hosts:2": .knownHostsLine,
            ImportRig.folder + "/todo": .other,
        ])
    }

    func testThePreviewKeepsPathsAndDigestsButNoPrivateKeyText() async throws {
        let rig = ImportRig()
        let key = try ImportTestKey.generate()
        rig.add(key, as: "id_ed25519")
        let preview = try await rig.preview()
        XCTAssertEqual(preview.keys.first?.digest, FileDigest(of: key.privateKey))
        var dump = ""
        Swift.dump(preview, to: &dump)
        XCTAssertTrue(dump.contains("id_ed25519"), dump)
        XCTAssertFalse(dump.contains(key.privateText), "private key text is in the preview")
        XCTAssertFalse(String(reflecting: preview).contains(key.privateText))
    }

    func testAConfigFileReachedThroughIncludeIsReadOnce() async throws {
        let rig = ImportRig()
        rig.config("Include config.d/*\nHost web\n  HostName web.example.com\n")
        rig.config("Host db\n  HostName db.internal\n  ProxyJump web\n", at: "config.d/work")
        let preview = try await rig.preview()
        XCTAssertEqual(preview.hosts.map(\.alias), ["db", "web"])
        XCTAssertEqual(preview.hosts.first?.location.description, ImportRig.folder + "/config.d/work:1")
        XCTAssertEqual(preview.host(1).hopTargets, [.item(2)])
    }

    func testAFolderThatCannotBeReadIsAnErrorNamingIt() async throws {
        let rig = ImportRig()
        await assertThrows(ImportFailure.folderUnreadable(path: ImportRig.folder, reason: "no such folder")) {
            try await rig.preview()
        }
    }

    func testAConfigurationOpenSSHRefusesImportsNothingAndTheSkippedListSaysWhereAndWhy() async throws {
        let rig = ImportRig()
        rig.config("Include config.d/*\nHost web\n  HostName web.example.com\n  ServerAliveInterval soon\n")
        rig.config("Host db\n  HostName db.internal\n", at: "config.d/work")
        rig.config("Host solo\n  HostName solo.example.com\n", at: "other-config")

        let preview = try await rig.preview()
        XCTAssertEqual(preview.hosts.map(\.alias), ["solo"], "ssh -F config refuses web and db; other-config stands alone")
        let reasons = preview.skipped.filter { $0.location.description == ImportRig.folder + "/config:4" }.map(\.reason)
        XCTAssertEqual(reasons.count, 2, "\(preview.skipped)")
        XCTAssertTrue(reasons.contains { $0.contains("invalid time value \"soon\"") }, "\(reasons)")
        XCTAssertTrue(
            reasons.contains { $0.contains("OpenSSH refuses \(ImportRig.folder)/config as a whole") && $0.contains("nothing from it is imported") },
            "\(reasons)")
    }
}
