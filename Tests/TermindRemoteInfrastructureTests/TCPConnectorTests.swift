import Foundation
import XCTest
@testable import TermindRemoteInfrastructure

/// The TCP connection under a session: a name that does not resolve says so with the resolver's
/// code, a refused port says refused, and a listening loopback port gives a non-blocking
/// descriptor, over IPv4 and IPv6 alike.
final class TCPConnectorTests: XCTestCase {
    func testANameThatDoesNotResolveSaysSoWithTheResolversCode() {
        XCTAssertThrowsError(try TCPConnector.connect(host: "no-such-host.invalid", port: 22, timeout: .seconds(5))) { error in
            let failure = error as? SSH2Error
            XCTAssertEqual(failure?.kind, .resolve, "\(error)")
            XCTAssertTrue(failure?.message.contains("cannot resolve no-such-host.invalid") == true, "\(error)")
            XCTAssertNotEqual(failure?.code, 0)
        }
    }

    func testAListeningLoopbackPortConnectsOverIPv4AndIPv6() throws {
        for (family, host) in [(AF_INET, "127.0.0.1"), (AF_INET6, "::1")] {
            let address = try XCTUnwrap(SocketAddress.resolve(host, port: 0, passive: true).first)
            let listener = socket(family, Int32(SOCK_STREAM.rawValue), 0)
            XCTAssertGreaterThanOrEqual(listener, 0)
            defer { close(listener) }
            XCTAssertEqual(address.withSockaddr { bind(listener, $0, $1) }, 0, "bind \(host)")
            XCTAssertEqual(listen(listener, 1), 0)
            let port = try XCTUnwrap(SocketAddress.local(of: listener)?.port)
            let descriptor = try TCPConnector.connect(host: host, port: port, timeout: .seconds(5))
            defer { close(descriptor) }
            XCTAssertNotEqual(fcntl(descriptor, F_GETFL) & O_NONBLOCK, 0, "non-blocking")
        }
    }

    func testARefusedPortSaysRefused() throws {
        // A port just freed: nothing listens there.
        let address = try XCTUnwrap(SocketAddress.resolve("127.0.0.1", port: 0, passive: true).first)
        let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        _ = address.withSockaddr { bind(probe, $0, $1) }
        let port = try XCTUnwrap(SocketAddress.local(of: probe)?.port)
        close(probe)
        XCTAssertThrowsError(try TCPConnector.connect(host: "127.0.0.1", port: port, timeout: .seconds(5))) { error in
            XCTAssertEqual((error as? SSH2Error)?.kind, .connect, "\(error)")
            XCTAssertTrue("\(error)".contains("refused"), "\(error)")
        }
    }
}
