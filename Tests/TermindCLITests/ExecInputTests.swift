import XCTest

@testable import TermindCLI

/// What `exec` sends to the remote command's standard input, decided as ssh decides it.
final class ExecInputTests: XCTestCase {
    private func choose(
        hosts: Int = 1, noInput: Bool = false, stdinAll: Bool = false, terminal: Bool = false, pty: Bool = false
    ) throws -> ExecInput {
        try ExecInput.choose(hostCount: hosts, noInput: noInput, stdinAll: stdinAll, inputIsTerminal: terminal, usesPTY: pty) {
            () throws(ExecInputError) in [1, 2, 3]
        }
    }

    func testOneHostStreamsStandardInputUnlessToldNotTo() throws {
        XCTAssertEqual(try choose(), .stream)
        XCTAssertEqual(try choose(noInput: true), ExecInput.none)
    }

    func testATerminalIsReadOnlyThroughAPTY() throws {
        XCTAssertEqual(try choose(terminal: true), ExecInput.none)
        XCTAssertEqual(try choose(terminal: true, pty: true), .stream)
    }

    func testSeveralHostsReadNothingUnlessStdinAllReadsItOnceForAll() throws {
        XCTAssertEqual(try choose(hosts: 3), ExecInput.none)
        XCTAssertEqual(try choose(hosts: 3, stdinAll: true), .bytes([1, 2, 3]))
    }

    func testStdinAllRefusesInputAboveItsLimitWithoutKeepingMoreThanTheLimit() throws {
        var ends: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[0]) }
        let payload = [UInt8](repeating: 7, count: 3000)
        XCTAssertEqual(write(ends[1], payload, payload.count), payload.count)
        close(ends[1])
        XCTAssertThrowsError(try ExecInput.readAll(from: ends[0], limit: 2048)) { error in
            XCTAssertTrue((error as? ExecInputError)?.message.contains("--stdin-limit") ?? false, "\(error)")
        }
    }

    func testStdinAllReadsInputUpToItsLimitWhole() throws {
        var ends: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[0]) }
        let payload = (0..<2048).map { UInt8($0 % 251) }
        XCTAssertEqual(write(ends[1], payload, payload.count), payload.count)
        close(ends[1])
        XCTAssertEqual(try ExecInput.readAll(from: ends[0], limit: 2048), payload)
    }

    func testTTYFlagsFollowSsh() throws {
        XCTAssertEqual(try ExecTerminalRequest(ttyCount: 0, noTTY: false), .never)
        XCTAssertEqual(try ExecTerminalRequest(ttyCount: 0, noTTY: true), .never)
        XCTAssertEqual(try ExecTerminalRequest(ttyCount: 1, noTTY: false), .whenTerminal)
        XCTAssertEqual(try ExecTerminalRequest(ttyCount: 2, noTTY: false), .always)
        XCTAssertThrowsError(try ExecTerminalRequest(ttyCount: 1, noTTY: true))
        XCTAssertFalse(ExecTerminalRequest.whenTerminal.usesPTY(inputIsTerminal: false))
        XCTAssertTrue(ExecTerminalRequest.whenTerminal.usesPTY(inputIsTerminal: true))
        XCTAssertTrue(ExecTerminalRequest.always.usesPTY(inputIsTerminal: false))
    }
}
