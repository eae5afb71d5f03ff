import Foundation
import TermindTestSupport
import XCTest

/// File names a server (or anyone who can make a file on it) chose, with control characters
/// in them (issue 22, the class of CVE-2019-6109): on a terminal `ls`, `cp` and `rm` show them
/// as escapes and never write their ESC or BEL; in a pipe `ls` writes the real names. Runs the
/// built binary against a real OpenSSH sshd, in a pseudo-terminal made by `script`.
final class UntrustedNamesEndToEndTests: XCTestCase {
    private static let titleName = "evil\u{1B}]0;PWNED\u{07}name"
    private static let clearName = "clear\u{1B}[2Jx"
    private static let newlineName = "new\nline"
    private static let names = [titleName, clearName, newlineName]
    /// How `TerminalSafeText` shows them.
    private static let shownNames = [#"evil\033]0;PWNED\007name"#, #"clear\033[2Jx"#, #"new\012line"#]

    private var server: SSHDServer!
    private var home: VaultHome!
    private var remote: TemporaryDirectory!
    private var local: TemporaryDirectory!

    override func setUpWithError() throws {
        server = try startSSHD()
        home = try VaultHome()
        remote = try TemporaryDirectory(prefix: "termind-untrusted", mode: 0o755)
        local = try TemporaryDirectory(prefix: "termind-untrusted-local", mode: 0o755)
        try FileManager.default.createDirectory(atPath: remote.appending("esc").path, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: remote.appending("up").path, withIntermediateDirectories: true)
        for (index, name) in Self.names.enumerated() {
            try remote.write("file \(index)\n", to: "esc/" + name)
        }
        let chown = try ChildProcess.run("chown", ["-R", server.username, remote.path])
        XCTAssertEqual(chown.status, 0, chown.stderr)
    }

    override func tearDown() {
        server?.stop()
        server = nil
        home = nil
        remote = nil
        local = nil
    }

    private var options: [String] { ["--accept-new", "-i", server.clientPrivateKeyPath] }
    private func remotePath(_ path: String) -> String {
        "\(server.username)@\(server.host):\(server.port):\(remote.appending(path).path)"
    }

    private func runOnTerminal(_ arguments: [String], input: String? = nil) throws -> (status: Int32, bytes: [UInt8]) {
        try home.runOnTerminal(arguments, input: input)
    }

    func testLsOnATerminalShowsEachNamesControlsAsEscapesAndWritesNoESCOrBEL() throws {
        let (status, bytes) = try runOnTerminal(["ls"] + options + [remotePath("esc")])
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertEqual(status, 0, text)
        assertNoTerminalControl(bytes)
        for shown in Self.shownNames { XCTAssertTrue(text.contains(shown + "\r\n"), "\(shown) not in \(text.debugDescription)") }
    }

    func testLsLongOnATerminalShowsTheNamesEscaped() throws {
        let (status, bytes) = try runOnTerminal(["ls", "-l"] + options + [remotePath("esc")])
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertEqual(status, 0, text)
        assertNoTerminalControl(bytes)
        for shown in Self.shownNames { XCTAssertTrue(text.contains(shown), "\(shown) not in \(text.debugDescription)") }
    }

    func testLsIntoAPipeWritesTheRealNamesForScripts() throws {
        let output = try home.succeed(["ls", "--batch"] + options + [remotePath("esc")])
        XCTAssertEqual(output, Self.names.sorted().map { $0 + "\n" }.joined())
    }

    func testLsJSONOnATerminalEscapesControlsAsJSONDoesAndReadsBackToTheRealNames() throws {
        let (status, bytes) = try runOnTerminal(["ls", "--json"] + options + [remotePath("esc")])
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertEqual(status, 0, text)
        assertNoTerminalControl(bytes)
        XCTAssertTrue(text.contains(#"evil\u001b]0;PWNED\u0007name"#), text)

        let piped = try home.succeed(["ls", "--json", "--batch"] + options + [remotePath("esc")])
        let entries = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(piped.utf8)) as? [[String: Any]])
        XCTAssertEqual(Set(entries.compactMap { $0["name"] as? String }), Set(Self.names))
    }

    func testCpOfATreeOnATerminalShowsNamesEscapedInProgressAndFileLinesAndCopiesTheRealNames() throws {
        let (status, bytes) = try runOnTerminal(["cp", "-r"] + options + [remotePath("esc/"), local.appending("copy").path])
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertEqual(status, 0, text)
        assertNoTerminalControl(bytes)
        for shown in Self.shownNames { XCTAssertTrue(text.contains(shown + "  100%"), "\(shown) not in \(text.debugDescription)") }
        for (index, name) in Self.names.enumerated() {
            XCTAssertEqual(try String(contentsOfFile: local.appending("copy/" + name).path, encoding: .utf8), "file \(index)\n")
        }
    }

    func testCpOfOneFileOnATerminalShowsItsNameEscaped() throws {
        let (status, bytes) = try runOnTerminal(["cp"] + options + [remotePath("esc/" + Self.titleName), local.path + "/"])
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertEqual(status, 0, text)
        assertNoTerminalControl(bytes)
        XCTAssertTrue(text.contains(Self.shownNames[0] + "  100%"), text.debugDescription)
        XCTAssertTrue(FileManager.default.fileExists(atPath: local.appending(Self.titleName).path))
    }

    func testAnUploadOfLocalNamesOnATerminalShowsThemEscaped() throws {
        for name in Self.names { try local.write("local\n", to: name) }
        let (status, bytes) = try runOnTerminal(["cp"] + options + Self.names.map { local.appending($0).path } + [remotePath("up")])
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertEqual(status, 0, text)
        assertNoTerminalControl(bytes)
        for shown in Self.shownNames { XCTAssertTrue(text.contains(shown), "\(shown) not in \(text.debugDescription)") }
    }

    func testRmAsksWithTheNamesEscapedAndKeepsThemWhenTheAnswerIsNo() throws {
        let (status, bytes) = try runOnTerminal(["rm"] + options + Self.names.map { remotePath("esc/" + $0) }, input: "n\n")
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertEqual(status, 1, text)
        assertNoTerminalControl(bytes)
        XCTAssertTrue(text.contains("Remove "), text.debugDescription)
        for shown in Self.shownNames { XCTAssertTrue(text.contains(shown), "\(shown) not in \(text.debugDescription)") }
        XCTAssertTrue(text.contains("nothing was removed"), text.debugDescription)
        for name in Self.names { XCTAssertTrue(FileManager.default.fileExists(atPath: remote.appending("esc/" + name).path)) }
    }

    func testAMissingPathWithControlsIsNamedEscapedInTheError() throws {
        let (status, bytes) = try runOnTerminal(["ls"] + options + [remotePath("esc/gone\u{1B}]52;c;aGk=\u{07}")])
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertEqual(status, 1, text)
        assertNoTerminalControl(bytes)
        XCTAssertTrue(text.contains(#"gone\033]52;c;aGk=\007"#), text.debugDescription)
    }
}
