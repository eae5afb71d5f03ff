import Foundation
import TermindTestSupport
import XCTest

/// Issue 28, points 2 and 3, with the built binary against the asyncssh rig: what a server
/// says can neither lead a download to write outside its destination across two runs, nor
/// give a downloaded file or directory setuid, setgid or sticky bits.
///
/// The two runs: in the first, `v/plant/s` is a symlink to a directory `elsewhere` of this
/// machine, so `cp -r` recreates `dl/plant/s -> elsewhere`; before the second, the server
/// makes `s` a real directory holding `pwned.txt`. (The rig reports a symlink's target only
/// inside the directory it serves, so the link leads to the mirror of `elsewhere`'s path
/// there, which the rig reports as `elsewhere`'s own path.)
final class HostileLocalSideEndToEndTests: MisbehavingServerTestCase {
    private var elsewhere: TemporaryDirectory!

    override func tearDown() {
        elsewhere = nil
        super.tearDown()
    }

    private var destination: String { local.path + "/dl" }

    private func servedPath(_ path: String) -> String { served.path + path }

    private func mode(of path: String) -> mode_t? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return status.st_mode & 0o7777
    }

    /// Run 1 (the server's symlink recreated here), then the server's turn-around.
    private func stageTwoRuns() throws {
        elsewhere = try TemporaryDirectory(prefix: Self.directoryPrefix + "-elsewhere", mode: 0o755)
        try elsewhere.write("original", to: "pwned.txt")
        try FileManager.default.createDirectory(atPath: servedPath(elsewhere.path), withIntermediateDirectories: true)
        try served.write("plain", to: "v/plant/plain.txt")
        XCTAssertEqual(symlink(servedPath(elsewhere.path), servedPath("/v/plant/s")), 0)
        XCTAssertEqual(mkdir(destination, 0o755), 0)
        try startLiar()

        let first = try runAgainstLiar("cp", ["-r", try onLiar("/v/plant"), destination + "/"])

        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: destination + "/plant/s"), elsewhere.path)

        XCTAssertEqual(unlink(servedPath("/v/plant/s")), 0)
        try served.write("from the server", to: "v/plant/s/pwned.txt")
    }

    private func secondRun(_ policy: String) throws -> ChildProcess.Output {
        try runAgainstLiar("cp", ["-r", "--on-conflict", policy, try onLiar("/v/plant"), destination + "/"])
    }

    /// Nothing outside the destination was created or changed, and the symlink is as it was.
    private func assertNothingWrittenOutside(file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path), ["pwned.txt"], file: file, line: line)
        XCTAssertEqual(try String(contentsOfFile: elsewhere.path + "/pwned.txt", encoding: .utf8), "original", file: file, line: line)
        XCTAssertEqual(mode(of: elsewhere.path + "/pwned.txt"), 0o644, file: file, line: line)
        XCTAssertEqual(
            try FileManager.default.destinationOfSymbolicLink(atPath: destination + "/plant/s"), elsewhere.path, file: file, line: line)
    }

    private var refusal: String {
        "\(destination)/plant/s: is a symbolic link where the directory s would go; it is never followed: move it away, or keep both (--on-conflict keep-both)"
    }

    // MARK: - Two runs, each conflict policy

    func testUnderFailTheSymlinkIsAConflictNamedByItsPathAndNothingIsWrittenThroughIt() throws {
        try stageTwoRuns()

        let second = try secondRun("fail")

        XCTAssertEqual(second.status, 1, second.stderr)
        XCTAssertTrue(second.stderr.contains(refusal), second.stderr)
        XCTAssertTrue(second.stderr.contains("\(destination)/plant/s/pwned.txt: not copied: its directory"), second.stderr)
        try assertNothingWrittenOutside()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: destination + "/plant").sorted(), ["plain.txt", "s"])
    }

    func testUnderSkipTheSymlinkAndItsTreeAreLeftAlone() throws {
        try stageTwoRuns()

        let second = try secondRun("skip")

        XCTAssertEqual(second.status, 0, second.stderr)
        try assertNothingWrittenOutside()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: destination + "/plant").sorted(), ["plain.txt", "s"])
    }

    func testUnderOverwriteTheSymlinkIsNeitherReplacedNorFollowed() throws {
        try stageTwoRuns()

        let second = try secondRun("overwrite")

        XCTAssertEqual(second.status, 1, second.stderr)
        XCTAssertTrue(second.stderr.contains(refusal), second.stderr)
        try assertNothingWrittenOutside()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: destination + "/plant").sorted(), ["plain.txt", "s"])
        XCTAssertEqual(try String(contentsOfFile: destination + "/plant/plain.txt", encoding: .utf8), "plain")
    }

    func testUnderKeepBothTheDirectoryIsMadeUnderAFreeNameBesideTheSymlink() throws {
        try stageTwoRuns()

        let second = try secondRun("keep-both")

        XCTAssertEqual(second.status, 0, second.stderr)
        try assertNothingWrittenOutside()
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: destination + "/plant").sorted(),
            ["plain (1).txt", "plain.txt", "s", "s (1)"])
        XCTAssertEqual(try String(contentsOfFile: destination + "/plant/s (1)/pwned.txt", encoding: .utf8), "from the server")
    }

    // MARK: - Modes

    func testASetuidSetgidFileAndASetgidStickyDirectoryDownloadWithPermissionBitsOnly() throws {
        try served.write("tool", to: "m/suid")
        try served.write("inside", to: "m/sticky/f")
        XCTAssertEqual(chmod(servedPath("/m/suid"), 0o6777), 0)
        XCTAssertEqual(chmod(servedPath("/m/sticky"), 0o7777), 0)
        try served.write("lied about", to: "m/liar")
        try startLiar { $0.modes = ["/m/liar": 0o6777] }

        for (options, directory) in [([String](), "plain"), (["--preserve-mode"], "preserved")] {
            let target = local.path + "/" + directory
            XCTAssertEqual(mkdir(target, 0o755), 0)

            let copy = try runAgainstLiar("cp", options + ["-r", try onLiar("/m"), target + "/"])

            XCTAssertEqual(copy.status, 0, copy.stderr)
            XCTAssertEqual(mode(of: target + "/m/suid"), 0o777, "\(options)")
            XCTAssertEqual(mode(of: target + "/m/liar"), 0o777, "\(options)")
            XCTAssertEqual(mode(of: target + "/m/sticky"), 0o777, "\(options)")
            XCTAssertEqual(try String(contentsOfFile: target + "/m/suid", encoding: .utf8), "tool")
        }
    }

    func testAnUploadSendsSetuidAndSetgidOnlyWithPreserveMode() throws {
        let tool = try local.write("tool", to: "tool")
        XCTAssertEqual(chmod(tool, 0o6755), 0)
        try FileManager.default.createDirectory(atPath: servedPath("/plain"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: servedPath("/preserved"), withIntermediateDirectories: true)
        try startLiar()

        let plain = try runAgainstLiar("cp", [tool, try onLiar("/plain/")])
        let preserved = try runAgainstLiar("cp", ["--preserve-mode", tool, try onLiar("/preserved/")])

        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertEqual(preserved.status, 0, preserved.stderr)
        XCTAssertEqual(mode(of: servedPath("/plain/tool")), 0o755)
        XCTAssertEqual(mode(of: servedPath("/preserved/tool")), 0o6755)
    }
}
