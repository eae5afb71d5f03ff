import Foundation
import TermindDomain
import XCTest

/// The `cd` a new shell starts with, run by a real `sh`: the directory is the server's text
/// (OSC 7), so a hostile name must only ever be a directory name.
final class ShellStartDirectoryTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("start-directory-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch.appendingPathComponent("home"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    /// Runs `command` as a login shell would get it (`sh -c`), from the home directory.
    private func run(_ command: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = scratch.appendingPathComponent("home")
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    func testAHostileDirectoryNameIsOnlyADirectoryName() throws {
        let name = "x'; touch PWNED; $(touch PWNED2) `touch PWNED3` \"q\" \\ %s %b\n-n\u{1B}]52;c;aGk=\u{07}\u{03}\u{04}\u{15} é ~ * ?;|&><"
        let directory = scratch.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let start = try XCTUnwrap(ShellStartDirectory(directory.path))

        let command = start.command(then: "pwd")
        // Nothing of the name is on the command line as itself: no quote, separator, `$`, control character.
        let line = command.components(separatedBy: "printf \"%b.\" \"")[1].prefix { $0 != "\"" }
        XCTAssertTrue(line.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-\\".contains($0)) }, String(line))

        XCTAssertEqual(try run(command), directory.path + "\n")
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted()
        XCTAssertEqual(left, ["home", name].sorted(), "the name ran something")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.appendingPathComponent("home").path), [])
    }

    func testADirectoryGoneSinceLeavesTheShellAtHomeWithALineSayingSo() throws {
        let gone = scratch.appendingPathComponent("proj/removed").path
        let output = try run(try XCTUnwrap(ShellStartDirectory(gone)).command(then: "pwd"))
        XCTAssertEqual(
            output, "termind: \(gone) no longer exists; the shell starts in the home directory\r\n"
                + scratch.appendingPathComponent("home").path + "\n")
    }

    func testTheCommandAfterwardsRunsAsGivenQuotesAndAll() throws {
        let directory = scratch.appendingPathComponent("proj")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let output = try run(try XCTUnwrap(ShellStartDirectory(directory.path)).command(then: #"printf '%s|' "$PWD" 'it'\''s'"#))
        XCTAssertEqual(output, directory.path + "|it's|")
    }

    func testOnlyAnAbsolutePathWithoutNULIsTaken() {
        XCTAssertNil(ShellStartDirectory("-rf"))
        XCTAssertNil(ShellStartDirectory("proj"))
        XCTAssertNil(ShellStartDirectory(""))
        XCTAssertNil(ShellStartDirectory("/a\u{0}b"))
        XCTAssertNil(ShellStartDirectory("/" + String(repeating: "a", count: ShellStartDirectory.maximumLength)))
        XCTAssertEqual(ShellStartDirectory("/srv/app")?.path, "/srv/app")
    }
}
