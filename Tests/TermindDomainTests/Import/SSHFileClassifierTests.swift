import Foundation
import TermindDomain
import XCTest

/// Every kind of file `~/.ssh` holds is told by its content, whatever it is called.
final class SSHFileClassifierTests: XCTestCase {
    private func classify(_ text: String) -> SSHFileKind { SSHFileClassifier.classify(Array(text.utf8)) }

    func testOpenSSHPrivateKeysAreToldEncryptedOrNot() throws {
        let plain = try ImportKeyFixture.generate("ed25519")
        let locked = try ImportKeyFixture.generate("ed25519", passphrase: "open sesame")
        XCTAssertEqual(SSHFileClassifier.classify(plain.privateKey), .privateKey(.openSSH, encrypted: false))
        XCTAssertEqual(SSHFileClassifier.classify(locked.privateKey), .privateKey(.openSSH, encrypted: true))
    }

    func testPEMPrivateKeysAreToldEncryptedOrNot() throws {
        let rsa = try ImportKeyFixture.generate("rsa", format: "PEM")
        let ecdsa = try ImportKeyFixture.generate("ecdsa", format: "PKCS8")
        let locked = try ImportKeyFixture.generate("ecdsa", passphrase: "open sesame", format: "PEM")
        XCTAssertEqual(SSHFileClassifier.classify(rsa.privateKey), .privateKey(.pem, encrypted: false))
        XCTAssertEqual(SSHFileClassifier.classify(ecdsa.privateKey), .privateKey(.pem, encrypted: false))
        XCTAssertEqual(SSHFileClassifier.classify(locked.privateKey), .privateKey(.pem, encrypted: true))
    }

    func testATruncatedPrivateKeyIsListedAsUnreadableWithItsReason() throws {
        let key = try ImportKeyFixture.generate("ed25519")
        guard case .unreadablePrivateKey(.openSSH, let reason) = SSHFileClassifier.classify(Array(key.privateKey.prefix(200))) else {
            return XCTFail("a truncated key is not an unreadable OpenSSH key")
        }
        XCTAssertTrue(reason.contains("END"), reason)
    }

    func testOnePublicKeyLineIsAPublicKeyWhateverTheFileIsCalled() throws {
        let key = try ImportKeyFixture.generate("ecdsa")
        XCTAssertEqual(classify(key.publicLine + "\n"), .publicKey)
    }

    func testSeveralKeyLinesOrKeyLinesWithOptionsAreAuthorizedKeys() throws {
        let first = try ImportKeyFixture.generate("ed25519")
        let second = try ImportKeyFixture.generate("ecdsa")
        XCTAssertEqual(classify("\(first.publicLine)\n\(second.publicLine)\n"), .authorizedKeys)
        XCTAssertEqual(classify("# deploy only\ncommand=\"echo hi there\",no-pty \(first.publicLine)\n"), .authorizedKeys)
        XCTAssertEqual(classify("from=\"10.0.0.1\",restrict \(first.publicLine)\n"), .authorizedKeys)
    }

    func testKnownHostsFilesArePlainOrHashed() {
        let plain = KnownHostsFixture.line("github.com,140.82.121.4", "ssh-ed25519", seed: 1)
        let hashed = KnownHostsFixture.line("|1|JfKTdBh7rNbXkVAQCRp4OQoPfmI=|USECr3SWf1JUPsms5AqfD5QfxkM=", "ssh-ed25519", seed: 2)
        let gate = KnownHostsFixture.line("[gate]:2222", "ssh-rsa", seed: 3)
        let revoked = KnownHostsFixture.line("*", "ssh-ed25519", seed: 4, marker: "@revoked")
        XCTAssertEqual(classify("\(plain)\n\(gate)\n"), .knownHosts(hashed: false))
        XCTAssertEqual(classify("\(hashed)\n"), .knownHosts(hashed: true))
        XCTAssertEqual(classify("\(revoked)\n"), .knownHosts(hashed: false))
    }

    func testAKnownHostsFileWithABadLineIsStillKnownHosts() {
        let good = KnownHostsFixture.line("web", "ssh-ed25519", seed: 1)
        XCTAssertEqual(classify("\(good)\nweb ssh-ed25519 !!!notbase64\n"), .knownHosts(hashed: false))
    }

    func testSSHConfigIsToldByItsKeywordsInAnyCase() {
        let config = """
            # work
            Host web
              HostName web.example.com
              user deploy
              IdentityFile=~/.ssh/id_ed25519
            Match host *.internal exec "true"
              ProxyJump bastion
            """
        XCTAssertEqual(classify(config), .sshConfig)
        XCTAssertEqual(classify("Include config.d/*\n"), .sshConfig)
    }

    func testAConfigWithATypoStaysAConfigForTheReaderToReport() {
        XCTAssertEqual(classify("Host web\n  HostNmae web.example.com\n  User deploy\n"), .sshConfig)
    }

    func testOtherFilesAreListedWithWhatTheyLookLike() {
        XCTAssertEqual(SSHFileClassifier.classify([]), .other(reason: "the file is empty"))
        XCTAssertEqual(SSHFileClassifier.classify([0x7f, 0x45, 0x4c, 0x46, 0, 1]), .other(reason: "binary content"))
        XCTAssertEqual(SSHFileClassifier.classify([0xff, 0xfe, 0x41]), .other(reason: "binary content (not UTF-8 text)"))
        XCTAssertEqual(classify("# nothing\n\n"), .other(reason: "only blank lines and comments"))
        XCTAssertEqual(
            classify("remember to rotate the keys\n"), .other(reason: "text that is not an ssh config, a key or known_hosts"))
        guard case .other(let reason) = classify("PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\n") else {
            return XCTFail("a PuTTY key is not other")
        }
        XCTAssertTrue(reason.contains("puttygen"), reason)
    }

    func testAPublicKeyLineIsNotReadAsAKnownHostsLineNorTheOtherWayRound() throws {
        let key = try ImportKeyFixture.generate("ed25519")
        XCTAssertNotNil(PublicKeyLine(key.publicLine))
        XCTAssertNil(PublicKeyLine("web.example.com " + key.publicLine))
        XCTAssertNil(PublicKeyLine("ssh-rsa " + key.publicLine.split(separator: " ")[1]), "the blob names ssh-ed25519")
        let withOptions = try XCTUnwrap(PublicKeyLine("command=\"ls -l, then exit\",no-pty \(key.publicLine)"))
        XCTAssertEqual(withOptions.options, "command=\"ls -l, then exit\",no-pty")
        XCTAssertEqual(withOptions.keyType, "ssh-ed25519")
        XCTAssertEqual(withOptions.comment, "me@laptop")
    }
}
