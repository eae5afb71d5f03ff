import Foundation
import TermindTestSupport
import XCTest

/// A server that lies about sizes, lists a name twice, or serves names that are not UTF-8
/// (issue 28, points 1, 6, 7, 8): `cp` and `ls` never trap on its numbers, say what it sent,
/// and keep names as the bytes they are. The built binary against the asyncssh rig.
final class LyingServerEndToEndTests: MisbehavingServerTestCase {
    /// Three names that a lossy decoding would make one: `bad\xff`, `bad\xfe`, `bad\u{FFFD}`.
    private static let rawNames: [[UInt8]] = [Array("bad".utf8) + [0xFF], Array("bad".utf8) + [0xFE], Array("bad\u{FFFD}".utf8)]

    private func makeDirectory(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: served.appending(path).path, withIntermediateDirectories: true)
    }

    /// Writes `contents` to the file named by the raw bytes `name` in `directory`.
    private func writeRaw(_ name: [UInt8], in directory: String, contents: String) throws {
        let path = Array(directory.utf8) + [UInt8(ascii: "/")] + name + [0]
        let descriptor = path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        }
        guard descriptor >= 0 else { throw TestRigError("cannot create a raw name in \(directory): errno \(errno)") }
        defer { close(descriptor) }
        _ = contents.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress!, $0.count - 1) }
    }

    /// The raw names in `directory`, and each file's contents.
    private func rawEntries(in directory: String) throws -> [[UInt8]: String] {
        guard let handle = opendir(directory) else { throw TestRigError("cannot list \(directory)") }
        defer { closedir(handle) }
        var entries: [[UInt8]: String] = [:]
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: UInt8.self, capacity: 256) { Array(UnsafeBufferPointer(start: $0, count: strlen(UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)))) }
            }
            if name == Array(".".utf8) || name == Array("..".utf8) { continue }
            // By bytes: Foundation's URL would turn a name that is not UTF-8 into another one.
            let path = (Array(directory.utf8) + [UInt8(ascii: "/")] + name + [0]).map { CChar(bitPattern: $0) }
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { throw TestRigError("cannot open an entry of \(directory): errno \(errno)") }
            defer { close(descriptor) }
            var data: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                guard count > 0 else { break }
                data += buffer[0..<count]
            }
            entries[name] = String(decoding: data, as: UTF8.self)
        }
        return entries
    }

    // MARK: - Sizes

    func testASizeNoFileCanHaveFailsThatFileByNameAndTheRestIsCopied() throws {
        try makeDirectory("v/sizes")
        _ = try served.write("0123456789", to: "v/sizes/huge")
        _ = try served.write("fine\n", to: "v/sizes/normal")
        try startLiar { $0.sizes = ["/v/sizes/huge": UInt64.max] }

        let result = try runAgainstLiar("cp", ["-r", try onLiar("/v/sizes"), local.appending("dl").path])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("/v/sizes/huge"), result.stderr)
        XCTAssertTrue(result.stderr.contains("the server sent an impossible size"), result.stderr)
        XCTAssertTrue(result.stderr.contains("18446744073709551615"), result.stderr)
        XCTAssertEqual(try String(contentsOfFile: local.appending("dl/normal").path, encoding: .utf8), "fine\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: local.appending("dl/huge").path))
    }

    func testSizesThatAddUpPastTheLargestNumberDoNotCrashTheCopy() throws {
        try makeDirectory("v/many")
        for index in 0..<3 { _ = try served.write("x", to: "v/many/f\(index)") }
        let large = UInt64(Int64.max)
        try startLiar { $0.sizes = ["/v/many/f0": large, "/v/many/f1": large, "/v/many/f2": large] }

        let result = try runAgainstLiar("cp", ["-r", try onLiar("/v/many"), local.appending("dl").path])
        // Each file then turns out shorter than its size: an incomplete transfer, not a trap.
        XCTAssertEqual(result.status, 8, result.stderr)
        XCTAssertTrue(result.stderr.contains("ended at 1 bytes"), result.stderr)
    }

    func testAFileShorterThanItsReportedSizeSaysWhereItsDataEnded() throws {
        try makeDirectory("v")
        _ = try served.write(String(repeating: "s", count: 1024), to: "v/short")
        try startLiar { $0.sizes = ["/v/short": 2_000_000] }

        let result = try runAgainstLiar("cp", [try onLiar("/v/short"), local.appending("short").path])
        XCTAssertEqual(result.status, 8, result.stderr)
        XCTAssertTrue(result.stderr.contains("ended at 1024 bytes where 2000000 were expected"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: local.appending("short").path))
    }

    // MARK: - Listings

    func testANameListedTwiceIsAnErrorNamingTheDirectoryAndNothingIsWritten() throws {
        try makeDirectory("v/dups")
        _ = try served.write(String(repeating: "m", count: 200_000), to: "v/dups/m0")
        try startLiar { $0.repeat = ["/v/dups": 8] }

        let result = try runAgainstLiar("cp", ["-r", try onLiar("/v/dups"), local.appending("dl").path])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("/v/dups"), result.stderr)
        XCTAssertTrue(result.stderr.contains("listed the name “m0” more than once"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: local.appending("dl").path))

        let listed = try runAgainstLiar("ls", [try onLiar("/v/dups")])
        XCTAssertEqual(listed.status, 1, listed.stderr)
        XCTAssertTrue(listed.stderr.contains("more than once"), listed.stderr)
    }

    func testAFileNamedLikeAPartialInsideATreeIsSkippedAndSaidSo() throws {
        try makeDirectory("v/tree")
        _ = try served.write("a\n", to: "v/tree/a")
        _ = try served.write("not mine\n", to: "v/tree/.b.termind-partial")
        try startLiar()

        let result = try runAgainstLiar("cp", ["-r", try onLiar("/v/tree"), local.appending("dl").path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains(".b.termind-partial"), result.stderr)
        XCTAssertTrue(result.stderr.contains("partial file"), result.stderr)
        XCTAssertEqual(try String(contentsOfFile: local.appending("dl/a").path, encoding: .utf8), "a\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: local.appending("dl/.b.termind-partial").path))
    }

    // MARK: - Names are bytes

    private func serveRawNames() throws {
        try makeDirectory("v/names")
        for (index, name) in Self.rawNames.enumerated() {
            try writeRaw(name, in: served.appending("v/names").path, contents: "file \(index)\n")
        }
        try startLiar()
    }

    func testLsIntoAPipeWritesNamesThatAreNotUTF8AsTheirOwnBytes() throws {
        try serveRawNames()
        let server = try XCTUnwrap(liar)
        let out = local.appending("ls.out").path
        let result = try home.bash(
            "\"$T\" ls --batch --accept-new -i '\(server.clientPrivateKeyPath)' '\(try onLiar("/v/names"))' > '\(out)'")
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = try Data(contentsOf: URL(fileURLWithPath: out)).split(separator: UInt8(ascii: "\n")).map(Array.init)
        XCTAssertEqual(Set(lines), Set(Self.rawNames))
        XCTAssertEqual(lines.count, 3)
    }

    func testLsOnATerminalShowsEachByteThatIsNotUTF8AsAnOctalEscape() throws {
        try serveRawNames()
        let server = try XCTUnwrap(liar)
        let (status, bytes) = try home.runOnTerminal(
            ["ls", "--accept-new", "-i", server.clientPrivateKeyPath, try onLiar("/v/names")])
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertEqual(status, 0, text)
        for shown in [#"bad\377"#, #"bad\376"#, "bad\u{FFFD}"] {
            XCTAssertTrue(text.contains(shown + "\r\n"), "\(shown) not in \(text.debugDescription)")
        }
    }

    func testLsJSONWritesBytesThatAreNotUTF8AsPEP383Escapes() throws {
        try serveRawNames()
        let result = try runAgainstLiar("ls", ["--json", try onLiar("/v/names")])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains(#"bad\udcff"#), result.stdout)
        XCTAssertTrue(result.stdout.contains(#"bad\udcfe"#), result.stdout)
        XCTAssertTrue(result.stdout.contains("bad\u{FFFD}"), result.stdout)
        // Python reads them back to the exact bytes.
        let check = try ChildProcess.run("python3", ["-c", """
            import json, os, sys
            names = sorted(os.fsencode(entry["name"]) for entry in json.load(sys.stdin))
            print(" ".join(name.hex() for name in names))
            """], stdin: result.stdout)
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertEqual(check.stdout.trimmingCharacters(in: .whitespacesAndNewlines),
                       Self.rawNames.map { $0.map { String(format: "%02x", $0) }.joined() }.sorted().joined(separator: " "))
    }

    func testATreeOfNamesThatAreNotUTF8DownloadsEachFileUnderItsExactName() throws {
        try serveRawNames()
        let result = try runAgainstLiar("cp", ["-r", "--on-conflict", "keep-both", try onLiar("/v/names"), local.appending("dl").path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("3 of 3 files copied"), result.stderr)
        let entries = try rawEntries(in: local.appending("dl").path)
        XCTAssertEqual(entries, [Self.rawNames[0]: "file 0\n", Self.rawNames[1]: "file 1\n", Self.rawNames[2]: "file 2\n"])
    }

    func testAnUploadOfANameThatIsNotUTF8ArrivesUnderItsExactName() throws {
        try makeDirectory("v/up")
        try startLiar()
        let source = local.appending("src").path
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        try writeRaw(Self.rawNames[0], in: source, contents: "up\n")
        try writeRaw(Self.rawNames[2], in: source, contents: "other\n")

        let result = try runAgainstLiar("cp", ["-r", source, try onLiar("/v/up")])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try rawEntries(in: served.appending("v/up/src").path),
                       [Self.rawNames[0]: "up\n", Self.rawNames[2]: "other\n"])
    }

    func testANameThatIsNotUTF8GivenOnTheCommandLineIsTheFileOfThoseBytes() throws {
        try serveRawNames()
        let server = try XCTUnwrap(liar)
        let destination = local.appending("one").path
        let result = try home.bash(
            "\"$T\" cp --batch --accept-new -i '\(server.clientPrivateKeyPath)' '\(try onLiar("/v/names/"))'$'bad\\xfe' '\(destination)'")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try String(contentsOfFile: destination, encoding: .utf8), "file 1\n")
    }
}
