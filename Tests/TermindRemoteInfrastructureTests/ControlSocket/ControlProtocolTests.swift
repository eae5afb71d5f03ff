import Foundation
import TermindApplication
import TermindDomain
import XCTest

@testable import TermindRemoteInfrastructure

/// The control socket's frames read back as written, and a hostile peer's frames (lengths
/// over the limit, unknown kinds, fields running past the frame, absurd terminal sizes) are
/// refused as protocol errors rather than trusted.
final class ControlProtocolTests: XCTestCase {
    private static let key = HostKey(algorithm: "ssh-ed25519", blob: [1, 2, 3], fingerprint: KeyFingerprint(blob: [1, 2, 3]))

    func testRequestsIdentitiesAndExitsReadBackAsWritten() throws {
        let requests: [ControlRequest] = [
            .exec("uptime; echo 'ü'"),
            .shell(term: "xterm-256color", size: TerminalSize(columns: 120, rows: 40), environment: ["LANG": "C.UTF-8", "A": "b"], command: nil),
            .shell(term: "vt100", size: TerminalSize(columns: 80, rows: 24), environment: [:], command: "top"),
            .sftp,
        ]
        for request in requests {
            XCTAssertEqual(try ControlRequest(try Self.reread(request.frame)), request)
        }
        let identity = ControlIdentity(username: "deploy", hostname: "web.example", port: 2222, hostKey: Self.key, serverBanner: "SSH-2.0-OpenSSH_9.2")
        XCTAssertEqual(try ControlIdentity(try Self.reread(identity.frame)), identity)
        XCTAssertEqual(try ControlRequest.exit(ControlRequest.exitFrame(status: -1, signal: nil)), .exit(status: -1, signal: nil))
        XCTAssertEqual(try ControlRequest.exit(ControlRequest.exitFrame(status: nil, signal: "KILL")), .exit(status: nil, signal: "KILL"))
        let failure = SSHFailure(.hostKeyChanged, connection: "web", detail: "changed")
        XCTAssertEqual(try ControlRequest.failure(ControlRequest.failureFrame(.lost, failure), connection: "web"), failure)
    }

    func testLengthsOverTheLimitAndUnknownKindsAreRefused() {
        XCTAssertThrowsError(try ControlFrame.header([0x20, 0xff, 0xff, 0xff, 0xf0]))
        XCTAssertThrowsError(try ControlFrame.header([0x20, 0x00, 0x04, 0x00, 0x01]))  // limit + 1
        XCTAssertNoThrow(try ControlFrame.header([0x20, 0x00, 0x04, 0x00, 0x00]))
        XCTAssertThrowsError(try ControlFrame.header([0x99, 0, 0, 0, 0]))
    }

    func testFieldsRunningPastTheFrameAndAbsurdTerminalsAreRefused() {
        var long = ControlFieldWriter()
        long.uint32(1_000_000)
        XCTAssertThrowsError(try ControlRequest(ControlFrame(.openExec, long.bytes + [1, 2])))
        XCTAssertThrowsError(try ControlRequest(ControlFrame(.openExec, [0, 0])))
        var huge = ControlFieldWriter()
        huge.string("xterm")
        huge.uint32(0)
        huge.uint32(24)
        XCTAssertThrowsError(try ControlRequest(ControlFrame(.openShell, huge.bytes)))
        XCTAssertThrowsError(try ControlRequest(ControlFrame(.stdin, [])), "data before a channel is opened")
        var trailing = ControlFieldWriter()
        trailing.string("ls")
        trailing.byte(0)
        XCTAssertThrowsError(try ControlRequest(ControlFrame(.openExec, trailing.bytes)))
        XCTAssertThrowsError(try ControlRequest(ControlFrame(.openExec, [0, 0, 0, 2, 0xff, 0xfe])), "not UTF-8")
    }

    func testTwoVaultsWithTheSameLabelHaveDifferentSockets() {
        let one = ControlTarget(vault: "/home/a/.local/share/termind/termind.db", label: "web", username: "u", hostname: "h", port: 22)
        let two = ControlTarget(vault: "/srv/other/termind.db", label: "web", username: "u", hostname: "h", port: 22)
        let moved = ControlTarget(vault: one.vault, label: "web", username: "u", hostname: "h2", port: 22)
        XCTAssertNotEqual(one.socketName, two.socketName)
        XCTAssertNotEqual(one.socketName, moved.socketName)
        XCTAssertEqual(one.socketName, ControlTarget(vault: one.vault, label: "web", username: "u", hostname: "H", port: 22).socketName)
        XCTAssertEqual(one.socketName.count, 32 + ".sock".count)
    }

    /// The frame as the other end reads it: encoded, then cut at its header.
    private static func reread(_ frame: ControlFrame) throws -> ControlFrame {
        let bytes = frame.encoded
        let (kind, length) = try ControlFrame.header(Array(bytes.prefix(5)))
        XCTAssertEqual(length, bytes.count - 5)
        return ControlFrame(kind, Array(bytes.dropFirst(5)))
    }
}
