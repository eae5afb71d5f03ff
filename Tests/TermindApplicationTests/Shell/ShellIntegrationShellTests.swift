import TermindDomain
import TermindTestDoubles
import XCTest

@testable import TermindApplication

/// Issue 42 (review): the bootstrap's wait for the ready mark. A login slower than the limit
/// still gets the program (after Ctrl-U for what was typed meanwhile), and an off mark cut
/// across two chunks lets input go at once, as a whole one does.
final class ShellIntegrationShellTests: XCTestCase {
    private let token = ShellMarkToken(randomBytes: Array(repeating: 7, count: 16))
    private let program: [UInt8] = Array("PROGRAM\n".utf8)

    func testALateReadyKillsTheTypedLineThenSendsTheProgram() async throws {
        let inner = ScriptedRemoteShell()
        let shell = ShellIntegrationShell(inner, program: program, token: token, readyLimit: .milliseconds(50))
        // Input waits for the limit, then goes: the user typed before the login said ready.
        try await shell.write(Array("ls".utf8))
        XCTAssertEqual(inner.written, Array("ls".utf8))
        inner.print(Array("slow login\r\n".utf8) + ShellIntegrationShell.ready)
        let sent = expectation(description: "the program goes")
        let count = 2 + 1 + program.count
        Task {
            await inner.waitForWritten(count)
            sent.fulfill()
        }
        await fulfillment(of: [sent], timeout: 10)
        XCTAssertEqual(inner.written, Array("ls".utf8) + [0x15] + program)
        await shell.close()
    }

    func testAnOffMarkSplitAnywhereLetsInputGoAtOnce() async throws {
        let mark = ShellIntegrationShell.off
        for cut in 1..<mark.count {
            let inner = ScriptedRemoteShell()
            // A limit no test waits for: only the mark may let input go.
            let shell = ShellIntegrationShell(inner, program: program, token: token, readyLimit: .seconds(3600))
            inner.print(Array("motd ".utf8) + mark[..<cut])
            inner.print(Array(mark[cut...]) + Array("$ ".utf8))
            let wrote = expectation(description: "input goes (cut at \(cut))")
            Task {
                try await shell.write(Array("x".utf8))
                wrote.fulfill()
            }
            await fulfillment(of: [wrote], timeout: 5)
            XCTAssertEqual(inner.written, Array("x".utf8), "cut at \(cut): no program, input went")
            await shell.close()
        }
    }
}
