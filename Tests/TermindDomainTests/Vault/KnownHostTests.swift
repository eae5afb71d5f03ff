import Foundation
import TermindDomain
import XCTest

final class KnownHostTests: XCTestCase {
    private let base64 = "AAAAC3NzaC1lZDI1NTE5AAAAIFN/+GX1VefylElnKL1Vy4j6cnnM8dt25vW8OLjM4WfV"

    func testPlainRecordIsPatternTypeAndKey() {
        let record = KnownHost(pattern: "[web.example.com]:2222", keyType: "ssh-ed25519", keyBlob: SSHKeyFixture.ed25519Blob)
        XCTAssertEqual(record.line, "[web.example.com]:2222 ssh-ed25519 \(base64)")
    }

    func testMarkerComesFirstAndCommentLast() {
        let revoked = KnownHost(
            pattern: "web,10.0.0.5", keyType: "ssh-ed25519", keyBlob: SSHKeyFixture.ed25519Blob, marker: .revoked,
            comment: "lost laptop")
        XCTAssertEqual(revoked.line, "@revoked web,10.0.0.5 ssh-ed25519 \(base64) lost laptop")

        let authority = KnownHost(
            pattern: "*.example.com", keyType: "ssh-ed25519", keyBlob: SSHKeyFixture.ed25519Blob, marker: .certAuthority)
        XCTAssertEqual(authority.line, "@cert-authority *.example.com ssh-ed25519 \(base64)")
    }

    func testFingerprintIsTheKeysSHA256AsSSHKeygenPrintsIt() {
        let record = KnownHost(pattern: "web", keyType: "ssh-ed25519", keyBlob: SSHKeyFixture.ed25519Blob)
        XCTAssertEqual(record.fingerprint.description, SSHKeyFixture.ed25519Fingerprint)
    }
}
