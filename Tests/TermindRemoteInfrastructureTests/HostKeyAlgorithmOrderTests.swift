@testable import TermindRemoteInfrastructure
import XCTest

final class HostKeyAlgorithmOrderTests: XCTestCase {
    private let supported = ["ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521", "ssh-ed25519", "ssh-rsa", "ssh-dss"]

    func testRecordedAlgorithmsComeFirstAndEveryOtherSupportedOneAfter() {
        XCTAssertEqual(
            HostKeyAlgorithmOrder.methods(preferring: ["ssh-rsa", "ssh-ed25519"], supported: supported),
            ["ssh-rsa", "ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521", "ssh-dss"])
    }

    func testNothingRecordedLeavesLibssh2sOwnOrder() {
        XCTAssertNil(HostKeyAlgorithmOrder.methods(preferring: [], supported: supported))
        XCTAssertNil(HostKeyAlgorithmOrder.methods(preferring: ["sk-ssh-ed25519@openssh.com"], supported: supported))
    }

    func testRSASHA2NamesMeanSSHRSAInLibssh2_1_10() {
        XCTAssertEqual(HostKeyAlgorithmOrder.methods(preferring: ["rsa-sha2-512", "rsa-sha2-256"], supported: supported)?.first, "ssh-rsa")
        XCTAssertEqual(HostKeyAlgorithmOrder.methods(preferring: ["rsa-sha2-512", "ssh-rsa"], supported: supported)?.filter { $0 == "ssh-rsa" }.count, 1)
    }
}
