import Foundation
import TermindApplication
import TermindDomain
import TermindRemoteInfrastructure
import TermindTestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Termind's SFTP client against OpenSSH's sshd (internal-sftp, sessions as `termind-test`):
/// every file system call, the OpenSSH extensions, errors naming their path, and a multi-MiB
/// file moved both ways with many requests in flight.
final class SFTPOpenSSHTests: XCTestCase {
    private var server: SSHDServer?
    private var area: SFTPTestArea?
    private var connection: (any SSHConnection)?
    private var files: (any RemoteFileSystem)?

    override func tearDown() async throws {
        await files?.close()
        await connection?.close()
        files = nil
        connection = nil
        server?.stop()
        server = nil
        area?.remove()
        area = nil
    }

    /// A server, an area the account owns, and the file system on a fresh connection.
    private func open() async throws -> (any RemoteFileSystem, SFTPTestArea) {
        let server = try SSHDServer.start()
        self.server = server
        let area = try SFTPTestArea()
        self.area = area
        let plan = server.plan(credentials: [try server.clientKeyCredential()])
        let (connection, files) = try await within(.seconds(20)) {
            let connection = try await LibSSH2Connector(agentSocketPath: nil).connect(plan, using: connectionContext())
            return (connection, try await connection.openFileSystem())
        }
        self.connection = connection
        self.files = files
        return (files, area)
    }

    private func fileSystemError(_ body: @escaping @Sendable () async throws -> some Sendable) async -> FileSystemError? {
        do {
            _ = try await within(.seconds(20), body)
            XCTFail("no error")
        } catch let error as FileSystemError {
            return error
        } catch {
            XCTFail("not a FileSystemError: \(error)")
        }
        return nil
    }

    func testTheServersExtensionsAndLimitsAreUsed() async throws {
        let (files, area) = try await open()
        for name in ["posix-rename@openssh.com", "statvfs@openssh.com", "hardlink@openssh.com", "fsync@openssh.com",
                     "limits@openssh.com", "copy-data"] {
            XCTAssertNotNil(files.serverExtensions[name], "\(name) missing from \(files.serverExtensions)")
        }
        try area.write([1], to: "one")
        let reader = try await files.openForReading(area.path("one"))
        XCTAssertEqual(reader.preferredChunkSize, 261_120, "OpenSSH's limits@openssh.com read length")
        try await reader.close()
    }

    func testListStatLstatAndRealpathDescribeWhatIsThere() async throws {
        let (files, area) = try await open()
        try area.write(Array("hello".utf8), to: "file.txt", mode: 0o640)
        try area.makeDirectory("sub", mode: 0o750)
        XCTAssertEqual(symlink("file.txt", area.path("link")), 0)

        let listed = try await files.list(area.path)
        XCTAssertEqual(Set(listed.map(\.path)), [area.path("file.txt"), area.path("sub"), area.path("link")])
        let byName = Dictionary(uniqueKeysWithValues: listed.map { ($0.name, $0) })
        XCTAssertEqual(byName["file.txt"]?.kind, .file)
        XCTAssertEqual(byName["file.txt"]?.attributes.size, 5)
        XCTAssertEqual(byName["file.txt"]?.attributes.permissions, 0o640)
        XCTAssertEqual(byName["sub"]?.kind, .directory)
        XCTAssertEqual(byName["link"]?.kind, .symlink)
        XCTAssertTrue(byName["file.txt"]?.longName?.hasPrefix("-rw-r-----") == true, "\(byName["file.txt"]?.longName ?? "")")

        let followed = try await files.stat(area.path("link"))
        XCTAssertEqual(followed.kind, .file)
        XCTAssertEqual(followed.path, area.path("link"))
        let itself = try await files.lstat(area.path("link"))
        XCTAssertEqual(itself.kind, .symlink)
        let local = try area.status("file.txt")
        XCTAssertEqual(followed.attributes.modified, Int64(local.st_mtim.tv_sec))
        XCTAssertEqual(followed.attributes.userID, local.st_uid)

        let home = try await files.realpath(".")
        XCTAssertEqual(home, try TestAccount.homeDirectory())
        let canonical = try await files.realpath(area.path("sub/../file.txt"))
        XCTAssertEqual(canonical, area.path("file.txt"))
    }

    func testDirectoriesAreMadeAndRemovedAndTheirFailuresNamed() async throws {
        let (files, area) = try await open()
        try await files.makeDirectory(area.path("made"), permissions: 0o750)
        XCTAssertEqual(try area.status("made").st_mode & 0o7777, 0o750)
        XCTAssertEqual(try area.status("made").st_mode & S_IFMT, S_IFDIR)

        let existing = await fileSystemError { try await files.makeDirectory(area.path("made"), permissions: 0o755) }
        XCTAssertEqual(existing?.kind, .alreadyExists)
        XCTAssertEqual(existing?.path, area.path("made"))

        try area.write([1], to: "made/inside")
        let notEmpty = await fileSystemError { try await files.removeDirectory(area.path("made")) }
        XCTAssertEqual(notEmpty?.kind, .directoryNotEmpty)
        let notADirectory = await fileSystemError { try await files.removeDirectory(area.path("made/inside")) }
        XCTAssertEqual(notADirectory?.kind, .notADirectory)

        try await files.remove(area.path("made/inside"))
        try await files.removeDirectory(area.path("made"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: area.path("made")))
    }

    func testFilesAreRemovedAndRenamedPlainAndReplacing() async throws {
        let (files, area) = try await open()
        try area.write(Array("new".utf8), to: "new.part")
        try area.write(Array("old".utf8), to: "target")

        let refused = await fileSystemError { try await files.rename(area.path("new.part"), to: area.path("target"), replacing: false) }
        XCTAssertEqual(refused?.kind, .alreadyExists)
        XCTAssertEqual(refused?.path, area.path("target"))
        XCTAssertEqual(area.contents("target"), Array("old".utf8))
        XCTAssertEqual(area.contents("new.part"), Array("new".utf8))

        try await files.rename(area.path("new.part"), to: area.path("target"), replacing: true)
        XCTAssertEqual(area.contents("target"), Array("new".utf8))
        XCTAssertNil(area.contents("new.part"))

        try await files.rename(area.path("target"), to: area.path("moved"), replacing: false)
        XCTAssertEqual(area.contents("moved"), Array("new".utf8))

        try await files.remove(area.path("moved"))
        XCTAssertNil(area.contents("moved"))
        try area.makeDirectory("dir")
        let directory = await fileSystemError { try await files.remove(area.path("dir")) }
        XCTAssertEqual(directory?.kind, .isADirectory)
    }

    func testSymbolicLinksAreMadeWithTheTargetAsGivenAndReadBack() async throws {
        let (files, area) = try await open()
        try area.write([1], to: "target.txt")
        try await files.symlink(at: area.path("link"), pointingTo: "target.txt")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: area.path("link")), "target.txt")
        let target = try await files.readlink(area.path("link"))
        XCTAssertEqual(target, "target.txt")
        let taken = await fileSystemError { try await files.symlink(at: area.path("link"), pointingTo: "elsewhere") }
        XCTAssertEqual(taken?.kind, .alreadyExists)
    }

    func testSetAttributesChangesModeAndModificationTimeAndLeavesTheRest() async throws {
        let (files, area) = try await open()
        try area.write(Array("12345".utf8), to: "f", mode: 0o644)
        let accessed = try area.status("f").st_atim.tv_sec
        try await files.setAttributes(area.path("f"), FileAttributes(mode: 0o600))
        XCTAssertEqual(try area.status("f").st_mode & 0o7777, 0o600)
        try await files.setAttributes(area.path("f"), FileAttributes(modified: 1_000_000_000))
        let status = try area.status("f")
        XCTAssertEqual(status.st_mtim.tv_sec, 1_000_000_000)
        XCTAssertEqual(status.st_atim.tv_sec, accessed)
        XCTAssertEqual(status.st_size, 5)
        try await files.setAttributes(area.path("f"), FileAttributes(size: 2))
        XCTAssertEqual(area.contents("f"), Array("12".utf8))
    }

    func testAMultiMiBFileGoesUpAndComesBackWithManyRequestsInFlight() async throws {
        let (files, area) = try await open()
        let size = 9 * 1024 * 1024 + 12_345
        var generator = SystemRandomNumberGenerator()
        let original = (0..<size / 8).flatMap { _ in withUnsafeBytes(of: generator.next()) { Array($0) } }
            + (0..<(size % 8)).map { UInt8(truncatingIfNeeded: $0) }
        let local = try area.write(original, to: "original.bin", byRoot: true)

        try await within(.seconds(60)) {
            let writer = try await files.openForWriting(area.path("uploaded.bin"), .createNew, permissions: 0o600)
            try await FileSystemTransfer.upload(original, to: writer, inFlight: 32)
            try await writer.synchronize()
            try await writer.close()
        }
        XCTAssertEqual(try SFTPTestArea.sha256(ofFile: area.path("uploaded.bin")), try SFTPTestArea.sha256(ofFile: local))
        XCTAssertEqual(try area.status("uploaded.bin").st_mode & 0o7777, 0o600)

        let downloaded = try await within(.seconds(60)) {
            let reader = try await files.openForReading(area.path("uploaded.bin"))
            let bytes = try await FileSystemTransfer.download(reader, size: size, inFlight: 32)
            let past = try await reader.read(at: UInt64(size), count: 10)
            try await reader.close()
            XCTAssertEqual(past, [], "nothing past the end")
            return bytes
        }
        let fetched = try area.write(downloaded, to: "downloaded.bin", byRoot: true)
        XCTAssertEqual(try SFTPTestArea.sha256(ofFile: fetched), try SFTPTestArea.sha256(ofFile: local))
    }

    func testMissingFilesAndDeniedDirectoriesAreNamedInTheError() async throws {
        let (files, area) = try await open()
        let missing = await fileSystemError { try await files.stat(area.path("nothing-here")) }
        XCTAssertEqual(missing?.kind, .noSuchFile)
        XCTAssertEqual(missing?.path, area.path("nothing-here"))
        XCTAssertEqual(missing?.location, "sshd-\(server?.port ?? 0)")
        XCTAssertTrue(missing?.description.contains(area.path("nothing-here")) == true, missing?.description ?? "")
        XCTAssertTrue(missing?.detail.contains("No such file") == true, missing?.detail ?? "")
        XCTAssertTrue(missing?.detail.contains("check the path") == true, missing?.detail ?? "")

        try area.makeDirectory("locked", mode: 0o700, byRoot: true)
        try area.write([1], to: "locked/secret", byRoot: true)
        let denied = await fileSystemError { try await files.openForReading(area.path("locked/secret")) }
        XCTAssertEqual(denied?.kind, .permissionDenied)
        XCTAssertEqual(denied?.path, area.path("locked/secret"))
        XCTAssertTrue(denied?.detail.contains("Permission denied") == true, denied?.detail ?? "")
        let listing = await fileSystemError { try await files.list(area.path("locked")) }
        XCTAssertEqual(listing?.kind, .permissionDenied)
        XCTAssertEqual(listing?.path, area.path("locked"))

        try area.write([1], to: "plain")
        let notADirectory = await fileSystemError { try await files.list(area.path("plain")) }
        XCTAssertEqual(notADirectory?.kind, .notADirectory)
        let under = await fileSystemError { try await files.stat(area.path("plain/child")) }
        XCTAssertEqual(under?.kind, .notADirectory)
    }

    func testUsageReportsTheSpaceOfThePathsFileSystem() async throws {
        let (files, area) = try await open()
        let usage = try await files.usage(of: area.path)
        var local = statvfs()
        XCTAssertEqual(statvfs(area.path, &local), 0)
        XCTAssertEqual(usage.blockSize, UInt64(local.f_frsize))
        XCTAssertEqual(usage.totalBlocks, UInt64(local.f_blocks))
        XCTAssertGreaterThan(usage.availableBytes, 0)
        XCTAssertLessThanOrEqual(usage.availableBlocks, usage.freeBlocks)
    }

    func testAHardLinkSharesTheFile() async throws {
        let (files, area) = try await open()
        try area.write(Array("shared".utf8), to: "first")
        try await files.hardlink(at: area.path("second"), pointingTo: area.path("first"))
        XCTAssertEqual(try area.status("second").st_ino, try area.status("first").st_ino)
        XCTAssertEqual(try area.status("first").st_nlink, 2)
        let taken = await fileSystemError { try await files.hardlink(at: area.path("second"), pointingTo: area.path("first")) }
        XCTAssertEqual(taken?.kind, .alreadyExists)
    }

    func testCopyDataCopiesOnTheServerAndSynchronizeSucceeds() async throws {
        let (files, area) = try await open()
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        try area.write(bytes, to: "source")
        try await within(.seconds(20)) {
            let reader = try await files.openForReading(area.path("source"))
            let writer = try await files.openForWriting(area.path("copy"), .createNew, permissions: 0o644)
            try await files.copyData(from: reader, at: 0, count: 0, to: writer, at: 0)
            try await files.copyData(from: reader, at: 10, count: 5, to: writer, at: 300_000)
            try await writer.synchronize()
            try await writer.close()
            try await reader.close()
        }
        XCTAssertEqual(area.contents("copy"), bytes + bytes[10..<15])
    }

    func testOpeningModesCreateTruncateAndKeep() async throws {
        let (files, area) = try await open()
        try area.write(Array("existing".utf8), to: "f")
        let exists = await fileSystemError { try await files.openForWriting(area.path("f"), .createNew, permissions: 0o644) }
        XCTAssertEqual(exists?.kind, .alreadyExists)

        let kept = try await files.openForWriting(area.path("f"), .keep, permissions: 0o644)
        try await kept.write(Array("EX".utf8), at: 0)
        try await kept.close()
        XCTAssertEqual(area.contents("f"), Array("EXisting".utf8))

        let emptied = try await files.openForWriting(area.path("f"), .truncate, permissions: 0o644)
        try await emptied.write(Array("t".utf8), at: 0)
        try await emptied.close()
        XCTAssertEqual(area.contents("f"), Array("t".utf8))

        try area.makeDirectory("d")
        let directory = await fileSystemError { try await files.openForWriting(area.path("d"), .truncate, permissions: 0o644) }
        XCTAssertEqual(directory?.kind, .isADirectory)
    }

    /// A helper connection writes an upload's partial only once the file it opened proves to
    /// be that partial (its owner, and the random access time the first writer gave it): a
    /// symlink planted at the name reaches another file, which is closed untouched.
    func testWritingBesideOpensOnlyTheStampedFileOfItsOwner() async throws {
        let (files, area) = try await open()
        let stamp: Int64 = 1_234_567_890
        try area.write(Array("abc".utf8), to: "partial", mode: 0o600)
        try await files.setAttributes(area.path("partial"), FileAttributes(accessed: stamp, modified: stamp))
        let owner = try area.status("partial").st_uid

        let beside = try await files.openToWriteBeside(area.path("partial"), accessed: stamp, owner: owner)
        try await beside.write(Array("X".utf8), at: 0)
        try await beside.close()
        XCTAssertEqual(area.contents("partial"), Array("Xbc".utf8))

        // The account's own file, planted behind a symlink: its access time is not the stamp.
        try area.write(Array("secret".utf8), to: "victim", mode: 0o600)
        XCTAssertEqual(symlink("victim", area.path("planted")), 0)
        let refused = await fileSystemError {
            try await files.openToWriteBeside(area.path("planted"), accessed: stamp, owner: owner)
        }
        XCTAssertEqual(refused?.kind, .unexpectedFile)
        XCTAssertEqual(area.contents("victim"), Array("secret".utf8))

        // Another user's file, writable by all and given the very stamp: not the owner's.
        try area.write(Array("theirs".utf8), to: "other", mode: 0o666, byRoot: true)
        var times = [timespec(tv_sec: Int(stamp), tv_nsec: 0), timespec(tv_sec: Int(stamp), tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, area.path("other"), &times, 0), 0)
        XCTAssertEqual(symlink("other", area.path("planted-other")), 0)
        let foreign = await fileSystemError {
            try await files.openToWriteBeside(area.path("planted-other"), accessed: stamp, owner: owner)
        }
        XCTAssertEqual(foreign?.kind, .unexpectedFile)
        XCTAssertEqual(area.contents("other"), Array("theirs".utf8))
    }
}
