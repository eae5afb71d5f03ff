import Foundation
import TermindDomain
import TermindRemoteInfrastructure
import TermindTestSupport
import XCTest

/// The handshake against OpenSSH: host keys of each type arrive with the fingerprint
/// `ssh-keygen -lf` prints for the server's key file.
final class SSH2SessionHandshakeTests: XCTestCase {
    func testKeyFingerprintMatchesSSHKeygenForEveryHostKeyAlgorithm() throws {
        let server = try startSSHD()
        for algorithm in SSHDServer.hostKeyAlgorithms {
            let session = try server.connectSession(hostKeyAlgorithms: [algorithm])
            let key = try session.hostKey()
            XCTAssertEqual(key.algorithm, algorithm)
            XCTAssertEqual(key.fingerprint.description, try server.fingerprint(ofHostKey: algorithm), algorithm)
            session.disconnect()
        }
    }

    func testHostKeyBlobIsTheServersPublicKey() throws {
        let server = try startSSHD()
        for algorithm in SSHDServer.hostKeyAlgorithms {
            let session = try server.connectSession(hostKeyAlgorithms: [algorithm])
            let key = try session.hostKey()
            let publicKeyFields = try server.hostPublicKey(for: algorithm).split(separator: " ")
            XCTAssertEqual(String(publicKeyFields[0]), algorithm)
            XCTAssertEqual(Data(key.blob).base64EncodedString(), String(publicKeyFields[1]), algorithm)
        }
    }

    func testHandshakeOffersTheFirstPreferredHostKeyAlgorithm() throws {
        let server = try startSSHD()
        let session = try server.connectSession(hostKeyAlgorithms: ["ecdsa-sha2-nistp256", "ssh-ed25519"])
        XCTAssertEqual(try session.hostKey().algorithm, "ecdsa-sha2-nistp256")
        XCTAssertEqual(try session.negotiatedHostKeyAlgorithm(), "ecdsa-sha2-nistp256")
    }

    func testHandshakeWithUnsupportedHostKeyAlgorithmFailsBeforeConnecting() throws {
        let server = try startSSHD()
        let session = try SSH2Session(host: server.host, port: server.port)
        XCTAssertThrowsError(try session.handshake(hostKeyAlgorithms: ["ssh-made-up"])) { error in
            XCTAssertEqual((error as? SSH2Error)?.kind, .handshake)
        }
    }

    /// OpenSSH 8.8 and later do not offer `ssh-rsa` host key signatures by default, so an
    /// RSA-only host is out of libssh2 1.10's reach: the handshake fails, naming the server.
    func testRSAOnlyServerWithoutSSHRSASignaturesFailsTheHandshake() throws {
        let server = try startSSHD(configure: "HostKeyAlgorithms rsa-sha2-256,rsa-sha2-512")
        let session = try SSH2Session(host: server.host, port: server.port, ioTimeout: .seconds(10))
        XCTAssertThrowsError(try session.handshake(hostKeyAlgorithms: ["ssh-rsa"])) { error in
            let failure = error as? SSH2Error
            XCTAssertTrue(failure?.kind == .handshake || failure?.kind == .disconnected, "\(error)")
            XCTAssertTrue(failure?.description.contains("127.0.0.1:\(server.port)") ?? false, "\(error)")
        }
        XCTAssertTrue(server.waitForLog(containing: "no matching host key type"), server.log())
    }

    func testLibSSH2OffersTheRigsHostKeyAlgorithms() throws {
        let server = try startSSHD()
        let session = try SSH2Session(host: server.host, port: server.port)
        let supported = try session.supportedHostKeyAlgorithms()
        XCTAssertTrue(Set(SSHDServer.hostKeyAlgorithms).isSubset(of: supported), "\(supported)")
    }

    /// libssh2 1.10 verifies RSA host keys only with `ssh-rsa` (SHA-1) signatures; the name
    /// `rsa-sha2-256` in a preference list is dropped.
    func testRSAHostKeyIsNegotiatedAsSSHRSA() throws {
        let server = try startSSHD()
        let session = try server.connectSession(hostKeyAlgorithms: ["rsa-sha2-256", "ssh-rsa"])
        XCTAssertEqual(try session.negotiatedHostKeyAlgorithm(), "ssh-rsa")
        XCTAssertEqual(try session.hostKey().algorithm, "ssh-rsa")
    }

    func testConnectingToAClosedPortFailsWithConnectKind() throws {
        let server = try startSSHD()
        let port = server.port
        server.stop()
        XCTAssertThrowsError(try SSH2Session(host: "127.0.0.1", port: port, connectTimeout: .seconds(3))) { error in
            let failure = error as? SSH2Error
            XCTAssertEqual(failure?.kind, .connect, "\(error)")
            XCTAssertEqual(failure?.code, ECONNREFUSED)
            XCTAssertTrue(failure?.description.contains("127.0.0.1:\(port)") ?? false, "\(error)")
        }
    }

    func testConnectingByNameTriesEachResolvedAddress() throws {
        // "localhost" may resolve to ::1 first, where nothing listens; 127.0.0.1 must still be tried.
        let server = try startSSHD()
        let session = try SSH2Session(host: "localhost", port: server.port)
        try session.handshake()
        XCTAssertEqual(try session.hostKey().algorithm.isEmpty, false)
    }

    func testConnectingToAnUnknownHostFailsWithResolveKind() {
        XCTAssertThrowsError(try SSH2Session(host: "no-such-host.invalid", port: 22)) { error in
            XCTAssertEqual((error as? SSH2Error)?.kind, .resolve, "\(error)")
        }
    }

    func testHandshakeWithSomethingThatIsNotAnSSHServerTimesOut() throws {
        // A listener that accepts and never speaks: the banner wait must end at the I/O timeout.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) } }
        XCTAssertEqual(listen(listener, 1), 0)
        let port = Int(UInt16(bigEndian: address.sin_port))

        let session = try SSH2Session(host: "127.0.0.1", port: port, ioTimeout: .milliseconds(500))
        let started = ContinuousClock.now
        XCTAssertThrowsError(try session.handshake()) { error in
            XCTAssertEqual((error as? SSH2Error)?.kind, .timeout, "\(error)")
        }
        XCTAssertLessThan(started.duration(to: .now), .seconds(5))
    }
}
