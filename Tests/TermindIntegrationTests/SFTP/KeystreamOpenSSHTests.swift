import Foundation
@testable import TermindRemoteInfrastructure
import TermindApplication
import TermindTestSupport
import XCTest

/// libssh2's AES-CTR served from a keystream (`CLibSSH2Keystream`) against OpenSSH's sshd: a file
/// goes up and comes back byte for byte while the server rekeys every MiB (each rekey gives both
/// directions a new context, whose keystream must start from its own key and counter). A CBC
/// cipher, left to libcrypto, moves the same bytes.
final class KeystreamOpenSSHTests: XCTestCase {
    private func roundTrip(cipher: String) async throws -> (rekeys: Int, refills: UInt64) {
        let server = try startSSHD(configure: "Ciphers \(cipher)\nRekeyLimit 1M\nLogLevel DEBUG1")
        let area = try SFTPTestArea()
        defer { area.remove() }
        let size = 6 * 1024 * 1024 + 4_321
        var generator = SystemRandomNumberGenerator()
        let original = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let local = try area.write(original, to: "original.bin", byRoot: true)
        let refills = SSH2Library.keystream.refills
        let plan = server.plan(credentials: [try server.clientKeyCredential()])
        try await within(.seconds(90)) {
            let connection = try await LibSSH2Connector(agentSocketPath: nil).connect(plan, using: connectionContext())
            let files = try await connection.openFileSystem()
            let writer = try await files.openForWriting(area.path("uploaded.bin"), .createNew, permissions: 0o600)
            try await FileSystemTransfer.upload(original, to: writer, inFlight: 16)
            try await writer.close()
            let reader = try await files.openForReading(area.path("uploaded.bin"))
            let fetched = try await FileSystemTransfer.download(reader, size: size, inFlight: 16)
            try await reader.close()
            await files.close()
            await connection.close()
            _ = try area.write(fetched, to: "downloaded.bin", byRoot: true)
        }
        let digest = try SFTPTestArea.sha256(ofFile: local)
        XCTAssertEqual(try SFTPTestArea.sha256(ofFile: area.path("uploaded.bin")), digest, "\(cipher): upload")
        XCTAssertEqual(try SFTPTestArea.sha256(ofFile: area.path("downloaded.bin")), digest, "\(cipher): download")
        let rekeys = server.log().components(separatedBy: "SSH2_MSG_NEWKEYS received").count - 1
        return (rekeys, SSH2Library.keystream.refills - refills)
    }

    func testAFileCrossesBothWaysThroughRekeysWithEveryCTRBlockServedFromTheKeystream() async throws {
        XCTAssertTrue(SSH2Library.keystream.active, "libssh2's EVP_Cipher calls do not reach the keystream")
        for cipher in ["aes128-ctr", "aes256-ctr"] {
            let (rekeys, refills) = try await roundTrip(cipher: cipher)
            XCTAssertGreaterThanOrEqual(rekeys, 8, "\(cipher): sshd rekeyed every MiB of 12 moved")
            // 12 MiB crossed, each byte encrypted or decrypted here once: 3,072 keystreams of 4 KiB
            // at least (other tests in this process only add to the count).
            XCTAssertGreaterThanOrEqual(refills, 3_072, "\(cipher): served from the keystream")
        }
    }

    func testACBCCipherLeftToLibcryptoMovesTheSameBytes() async throws {
        let (rekeys, _) = try await roundTrip(cipher: "aes256-cbc")
        XCTAssertGreaterThanOrEqual(rekeys, 8, "sshd rekeyed every MiB of 12 moved")
    }
}
