import Foundation
@testable import TermindCLI
import TermindApplication
import TermindDomain
import XCTest

/// The OpenSSH-style prompts on a real pseudo-terminal: answers, hidden input, echo restored.
final class TerminalPresenterTests: XCTestCase {
    var master: Int32 = -1
    var slave: Int32 = -1
    var path = ""

    override func setUp() {
        XCTAssertEqual(openpty(&master, &slave, nil, nil, nil), 0)
        path = String(cString: ttyname(slave))
    }
    override func tearDown() { close(master); close(slave) }

    func readUntil(_ needle: String, timeout: Double = 3) -> String {
        var text = ""
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline && !text.contains(needle) {
            var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 1, 50) > 0 {
                var buffer = [UInt8](repeating: 0, count: 512)
                let n = read(master, &buffer, 512)
                if n > 0 { text += String(decoding: buffer[0..<n], as: UTF8.self) }
            }
        }
        return text
    }
    func type(_ s: String) { _ = s.withCString { write(master, $0, strlen($0)) } }
    func echoOn() -> Bool { var t = termios(); tcgetattr(slave, &t); return t.c_lflag & tcflag_t(ECHO) != 0 }

    func testHostKeyQuestionReasksUntilYesOnceOrNo() async throws {
        let blob: [UInt8] = [0,0,0,11] + Array("ssh-ed25519".utf8) + [0,0,0,32] + Array(repeating: 1, count: 32)
        let q = HostKeyQuestion(hostname: "127.0.0.1", port: 2222, keyType: "ssh-ed25519", fingerprint: KeyFingerprint(blob: blob), recordedKeyTypes: ["ssh-rsa"])
        let presenter = TerminalPresenter(terminalPath: path)
        let task = Task { try await presenter.present(Interaction(connectionLabel: "web", generation: .next(), request: .hostKey(q))) }
        let first = readUntil("(yes/once/no)? ")
        print(first)
        type("maybe\n")
        let second = readUntil("Please type")
        print(second)
        type("once\n")
        let answer = try await task.value
        XCTAssertEqual(answer, .hostKey(.trustOnce))
        XCTAssertTrue(first.contains("The authenticity of host 'web ([127.0.0.1]:2222)' can't be established."))
    }

    func testPasswordIsReadWithoutEchoAndEchoIsRestored() async throws {
        let presenter = TerminalPresenter(terminalPath: path)
        XCTAssertTrue(echoOn())
        let task = Task { try await presenter.present(Interaction(connectionLabel: "root@127.0.0.1:2222", generation: .next(), request: .password(username: "root"))) }
        let prompt = readUntil("password: ")
        print(prompt)
        XCTAssertTrue(prompt.contains("root@127.0.0.1:2222's password: "))
        XCTAssertFalse(echoOn())
        type("s3cret\n")
        let answer = try await task.value
        XCTAssertEqual(answer, .secret(Secret("s3cret")))
        XCTAssertTrue(echoOn())
        let rest = readUntil("zzz", timeout: 0.2)
        XCTAssertFalse(rest.contains("s3cret"), rest)
    }

    func testKeyboardInteractiveShowsServerTextEscapedAndHonoursEchoFlags() async throws {
        let presenter = TerminalPresenter(terminalPath: path)
        let round = KeyboardInteractiveRound(name: "Auth\u{1b}[31m", instruction: "Answer\u{1B}]0;PWNED\u{07} please\nline two", prompts: [
            KeyboardInteractivePrompt(text: "Name\u{1B}[2J: ", echo: true), KeyboardInteractivePrompt(text: "PIN\u{9B}2J: ", echo: false)])
        let task = Task { try await presenter.present(Interaction(connectionLabel: "web", generation: .next(), request: .keyboardInteractive(round))) }
        let one = readUntil("J: ")
        XCTAssertTrue(one.contains(#"Auth\033[31m"#), one)
        XCTAssertTrue(one.contains("Answer\\033]0;PWNED\\007 please\r\nline two"), one)
        XCTAssertTrue(one.contains(#"(web) Name\033[2J: "#), one)
        type("bob\n")
        let two = readUntil("J: ")
        XCTAssertTrue(two.contains(#"(web) PIN\302\2332J: "#), two)
        XCTAssertFalse(echoOn())
        type("\n")
        let answer = try await task.value
        XCTAssertEqual(answer, .responses([Secret("bob"), Secret("")]))
        XCTAssertTrue(echoOn())
        for text in [one, two] {
            XCTAssertFalse(text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{9B}" }, text.debugDescription)
        }
    }

    func testCancelledPromptRestoresEchoPromptly() async throws {
        let presenter = TerminalPresenter(terminalPath: path)
        let task = Task { try await presenter.present(Interaction(connectionLabel: "web", generation: .next(), request: .passphrase(keyLabel: "deploy"))) }
        let prompt = readUntil("': ")
        XCTAssertTrue(prompt.contains("Enter passphrase for key 'deploy': "), prompt)
        XCTAssertFalse(echoOn())
        let start = Date()
        task.cancel()
        do { _ = try await task.value; XCTFail("no cancel") } catch { XCTAssertTrue(error is CancellationError, "\(error)") }
        XCTAssertLessThan(Date().timeIntervalSince(start), 1)
        XCTAssertTrue(echoOn())
    }

    func testNoTerminalMeansInteractionRequired() async throws {
        let presenter = TerminalPresenter(terminalPath: "/nonexistent/tty")
        do { _ = try await presenter.present(Interaction(connectionLabel: "web", generation: .next(), request: .password(username: "u"))); XCTFail() }
        catch { XCTAssertTrue(error is InteractionRequired, "\(error)") }
    }
}
