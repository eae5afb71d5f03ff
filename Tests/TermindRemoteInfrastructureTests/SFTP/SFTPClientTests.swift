@testable import TermindRemoteInfrastructure
import Synchronization
import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest

/// `SFTPClient` against a scripted server on an in-memory channel: the handshake, pipelining
/// with replies in any order, how STATUS codes (and a closer look at FAILURE) become
/// `FileSystemError`s naming the path, and how a misbehaving server or a lost channel ends the
/// file system without a hang.
final class SFTPClientTests: XCTestCase {
    private static let openSSHExtensions = [
        "posix-rename@openssh.com": "1", "statvfs@openssh.com": "2", "fstatvfs@openssh.com": "2",
        "hardlink@openssh.com": "1", "fsync@openssh.com": "1", "lsetstat@openssh.com": "1",
        "limits@openssh.com": "1", "expand-path@openssh.com": "1", "copy-data": "1",
    ]
    private static let openSSHLimits = Wire.uint64(262_144) + Wire.uint64(261_120) + Wire.uint64(261_120) + Wire.uint64(0)

    /// Opens a client on a scripted channel, playing the server's side of the handshake.
    private func start(
        extensions: [String: String] = [:], limits: [UInt8] = SFTPClientTests.openSSHLimits
    ) async throws -> (SFTPClient, ScriptedSFTPChannel) {
        let channel = ScriptedSFTPChannel()
        let opening = Task { try await SFTPClient.open(over: channel, location: "test-host") }
        let initialization = try await channel.nextPacket()
        XCTAssertEqual(initialization, SFTPRequest.initialization(version: 3))
        channel.sendVersion(extensions: extensions)
        if extensions["limits@openssh.com"] != nil {
            let (id, request) = try await channel.nextRequest()
            XCTAssertEqual(request, .extended(.limits))
            channel.send(SFTPReply(id: id, body: .extendedReply(limits)))
        }
        return (try await opening.value, channel)
    }

    /// Expects the next request to be `expected` and answers it with `body`.
    private func answer(_ channel: ScriptedSFTPChannel, _ expected: SFTPRequest, with body: SFTPReply.Body,
                        file: StaticString = #filePath, line: UInt = #line) async throws {
        let (id, request) = try await channel.nextRequest()
        XCTAssertEqual(request, expected, file: file, line: line)
        channel.send(SFTPReply(id: id, body: body))
    }

    private func status(_ code: SFTPStatusCode, _ message: String = "") -> SFTPReply.Body {
        .status(SFTPStatus(code: code, message: message, language: "en"))
    }

    /// The `FileSystemError` `body` throws; a failure (not a hang) when it throws none within
    /// ten seconds. (A task group would wait for a body stuck on a reply that never comes.)
    private func fileSystemError<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async -> FileSystemError? {
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, any Error>?, Never>) in
            let gate = FirstAnswer(continuation)
            Task {
                do { gate.resume(.success(try await body())) } catch { gate.resume(.failure(error)) }
            }
            onExpiry(of: .seconds(10)) { gate.resume(nil) }
        }
        switch outcome {
        case nil:
            XCTFail("no answer within 10 s")
        case .success:
            XCTFail("no error")
        case .failure(let error as FileSystemError):
            return error
        case .failure(let error):
            XCTFail("not a FileSystemError: \(error)")
        }
        return nil
    }

    // MARK: - Handshake

    func testVersionNegotiationRecordsTheServersExtensionsAndItsLimits() async throws {
        let (client, channel) = try await start(extensions: Self.openSSHExtensions)
        XCTAssertEqual(client.version, 3)
        XCTAssertEqual(client.serverExtensions, Self.openSSHExtensions)
        XCTAssertEqual(client.readChunkSize, 261_120)
        XCTAssertEqual(client.writeChunkSize, 261_120)
        await client.close()
        XCTAssertTrue(channel.isClosed)
    }

    func testWithoutLimitsChunksAre32KiBAndLargeLimitsAreCappedAt255KiB() async throws {
        let (plain, _) = try await start()
        XCTAssertEqual(plain.readChunkSize, 32_768)
        XCTAssertTrue(plain.serverExtensions.isEmpty)
        let big = Wire.uint64(4 << 20 + 1024) + Wire.uint64(4 << 20) + Wire.uint64(4 << 20) + Wire.uint64(64)
        let (asyncssh, _) = try await start(extensions: ["limits@openssh.com": "1"], limits: big)
        XCTAssertEqual(asyncssh.readChunkSize, 255 * 1024)
        XCTAssertEqual(asyncssh.writeChunkSize, 255 * 1024)
    }

    func testAServerSpeakingAnOlderVersionIsUnsupported() async throws {
        let channel = ScriptedSFTPChannel()
        let opening = Task { try await SFTPClient.open(over: channel, location: "test-host") }
        _ = try await channel.nextPacket()
        channel.sendVersion(2)
        let error = await fileSystemError { try await opening.value }
        XCTAssertEqual(error?.kind, .unsupported)
        XCTAssertTrue(error?.detail.contains("SFTP version 2") == true, error?.description ?? "")
        XCTAssertTrue(channel.isClosed)
    }

    func testAServerThatNeverAnswersInitFailsTheOpeningInsteadOfHanging() async throws {
        let channel = ScriptedSFTPChannel()
        let started = ContinuousClock.now
        let error = await fileSystemError {
            try await SFTPClient.open(over: channel, location: "test-host", handshakeLimit: .milliseconds(200))
        }
        XCTAssertEqual(error?.kind, .protocolViolation)
        XCTAssertTrue(error?.detail.contains("did not answer the SFTP INIT") == true, error?.description ?? "")
        XCTAssertLessThan(started.duration(to: .now), .seconds(3))
        XCTAssertTrue(channel.isClosed)
    }

    func testAnythingButVersionFirstIsAProtocolViolation() async throws {
        let channel = ScriptedSFTPChannel()
        let opening = Task { try await SFTPClient.open(over: channel, location: "test-host") }
        _ = try await channel.nextPacket()
        channel.send(.status(0, .ok))
        let error = await fileSystemError { try await opening.value }
        XCTAssertEqual(error?.kind, .protocolViolation)
        XCTAssertTrue(error?.detail.contains("STATUS before VERSION") == true, error?.description ?? "")
    }

    // MARK: - Pipelining

    func testManyReadsAreInFlightTogetherAndRepliesAreMatchedInAnyOrder() async throws {
        let (client, channel) = try await start(extensions: Self.openSSHExtensions)
        let opened = Task { try await client.openReader("/data.bin") }
        try await answer(channel, .open(path: "/data.bin", flags: .read, attributes: FileAttributes()), with: .handle([7]))
        let reader = try await opened.value
        XCTAssertEqual(reader.preferredChunkSize, 261_120)

        let count = 32
        let chunk = 1000
        let reads = Task {
            try await withThrowingTaskGroup(of: (UInt64, [UInt8]).self) { group in
                for index in 0..<count {
                    group.addTask {
                        let offset = UInt64(index * chunk)
                        return (offset, try await reader.read(at: offset, count: chunk))
                    }
                }
                var results: [UInt64: [UInt8]] = [:]
                for try await (offset, bytes) in group { results[offset] = bytes }
                return results
            }
        }
        // Every READ arrives before any is answered: they are all in flight at once.
        var pending: [(id: UInt32, offset: UInt64)] = []
        for _ in 0..<count {
            let (id, request) = try await channel.nextRequest()
            guard case .read(let handle, let offset, let length) = request else { return XCTFail("\(request)") }
            XCTAssertEqual(handle, [7])
            XCTAssertEqual(length, UInt32(chunk))
            pending.append((id, offset))
        }
        for (id, offset) in pending.shuffled() {
            channel.send(SFTPReply(id: id, body: .data(Array(repeating: UInt8(offset / UInt64(chunk)), count: chunk))))
        }
        let results = try await reads.value
        XCTAssertEqual(results.count, count)
        for (offset, bytes) in results {
            XCTAssertEqual(bytes, Array(repeating: UInt8(offset / UInt64(chunk)), count: chunk), "offset \(offset)")
        }
    }

    func testAShortReadIsCompletedAndTheEndOfTheFileGivesNothing() async throws {
        let (client, channel) = try await start()
        let opened = Task { try await client.openReader("/f") }
        try await answer(channel, .open(path: "/f", flags: .read, attributes: FileAttributes()), with: .handle([1]))
        let reader = try await opened.value

        let read = Task { try await reader.read(at: 10, count: 100) }
        try await answer(channel, .read(handle: [1], offset: 10, length: 100), with: .data(Array(repeating: 1, count: 60)))
        try await answer(channel, .read(handle: [1], offset: 70, length: 40), with: .data(Array(repeating: 2, count: 30)))
        try await answer(channel, .read(handle: [1], offset: 100, length: 10), with: status(.endOfFile))
        let completed = try await read.value
        XCTAssertEqual(completed, Array(repeating: 1, count: 60) + Array(repeating: 2, count: 30))

        let atEnd = Task { try await reader.read(at: 500, count: 10) }
        try await answer(channel, .read(handle: [1], offset: 500, length: 10), with: status(.endOfFile))
        let nothing = try await atEnd.value
        XCTAssertEqual(nothing, [])

        let closing = Task { try await reader.close() }
        try await answer(channel, .close(handle: [1]), with: status(.ok))
        try await closing.value
        try await reader.close()  // a second close sends nothing
        let afterClose = await fileSystemError { try await reader.read(at: 0, count: 1) }
        XCTAssertEqual(afterClose?.path, "/f")
        let quiet = await channel.staysQuiet()
        XCTAssertTrue(quiet)
    }

    func testAWriteBeyondTheServersLimitGoesOutInPiecesInFlightTogether() async throws {
        let (client, channel) = try await start(extensions: ["limits@openssh.com": "1"],
                                                limits: Wire.uint64(34_000) + Wire.uint64(32_768) + Wire.uint64(32_768) + Wire.uint64(0))
        let opened = Task { try await client.openWriter("/up", .truncate, permissions: 0o640) }
        try await answer(channel, .open(path: "/up", flags: [.write, .create, .truncate], attributes: FileAttributes(mode: 0o640)),
                         with: .handle([2]))
        let writer = try await opened.value
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0) }
        let written = Task { try await writer.write(bytes, at: 5) }
        var pieces: [(id: UInt32, offset: UInt64, data: ArraySlice<UInt8>)] = []
        for _ in 0..<4 {
            let (id, request) = try await channel.nextRequest()
            guard case .write(let handle, let offset, let data) = request else { return XCTFail("\(request)") }
            XCTAssertEqual(handle, [2])
            pieces.append((id, offset, data))
        }
        for piece in pieces.reversed() { channel.send(.status(piece.id, .ok)) }
        try await written.value
        let sorted = pieces.sorted { $0.offset < $1.offset }
        XCTAssertEqual(sorted.map(\.offset), [5, 5 + 32_768, 5 + 65_536, 5 + 98_304])
        XCTAssertEqual(Array(sorted.map(\.data).joined()), bytes)
    }

    func testCancellingAWaitingCallLeavesTheFileSystemUsable() async throws {
        let (client, channel) = try await start()
        let cancelled = Task { try await client.stat("/slow") }
        let (lateID, _) = try await channel.nextRequest()
        cancelled.cancel()
        do {
            _ = try await cancelled.value
            XCTFail("a cancelled call returned")
        } catch is CancellationError {}
        // The late answer is dropped, not a reply to no request.
        channel.send(SFTPReply(id: lateID, body: .attributes(FileAttributes(size: 1))))
        let next = Task { try await client.stat("/fast") }
        try await answer(channel, .stat(path: "/fast"), with: .attributes(FileAttributes(size: 2)))
        let fast = try await next.value
        XCTAssertEqual(fast.attributes.size, 2)
    }

    // MARK: - Operations

    func testListReadsToTheEndDropsDotEntriesAndGivesFullPaths() async throws {
        let (client, channel) = try await start()
        let listing = Task { try await client.list("/srv/d") }
        try await answer(channel, .opendir(path: "/srv/d"), with: .handle([3]))
        try await answer(channel, .readdir(handle: [3]), with: .names([
            SFTPName(filename: ".", longName: "", attributes: FileAttributes(mode: 0o40755)),
            SFTPName(filename: "a.txt", longName: "-rw-r--r-- 1 u g 3 Jan 1 a.txt", attributes: FileAttributes(size: 3, mode: 0o100644)),
            SFTPName(filename: "..", longName: "", attributes: FileAttributes(mode: 0o40755)),
        ]))
        try await answer(channel, .readdir(handle: [3]), with: .names([
            SFTPName(filename: "sub", longName: "", attributes: FileAttributes(mode: 0o40700)),
        ]))
        try await answer(channel, .readdir(handle: [3]), with: status(.endOfFile))
        try await answer(channel, .close(handle: [3]), with: status(.ok))
        let files = try await listing.value
        XCTAssertEqual(files.map(\.path), ["/srv/d/a.txt", "/srv/d/sub"])
        XCTAssertEqual(files.map(\.kind), [.file, .directory])
        XCTAssertEqual(files.first?.longName, "-rw-r--r-- 1 u g 3 Jan 1 a.txt")
        XCTAssertNil(files.last?.longName)
    }

    func testAListingWithANameThatIsNotAPlainNameIsRefused() async throws {
        let (client, channel) = try await start()
        let listing = Task { try await client.list("/d") }
        try await answer(channel, .opendir(path: "/d"), with: .handle([3]))
        try await answer(channel, .readdir(handle: [3]), with: .names([
            SFTPName(filename: "../../etc/passwd", longName: "", attributes: FileAttributes(mode: 0o100644)),
        ]))
        try await answer(channel, .close(handle: [3]), with: status(.ok))
        let error = await fileSystemError { try await listing.value }
        XCTAssertEqual(error?.kind, .failure)
        XCTAssertEqual(error?.path, "/d")
        XCTAssertTrue(error?.detail.contains("“../../etc/passwd”, which is not a plain name") == true, error?.description ?? "")
    }

    func testAnEmptyNameReplyEndsAListing() async throws {
        let (client, channel) = try await start()
        let listing = Task { try await client.list("/d") }
        try await answer(channel, .opendir(path: "/d"), with: .handle([3]))
        try await answer(channel, .readdir(handle: [3]), with: .names([SFTPName(filename: "a", longName: "", attributes: FileAttributes())]))
        try await answer(channel, .readdir(handle: [3]), with: .names([]))
        try await answer(channel, .close(handle: [3]), with: status(.ok))
        let files = try await listing.value
        XCTAssertEqual(files.map(\.path), ["/d/a"])
    }

    func testSettingOnlyTheModificationTimeKeepsTheCurrentAccessTime() async throws {
        let (client, channel) = try await start()
        let setting = Task { try await client.setAttributes("/f", FileAttributes(modified: 1_000)) }
        try await answer(channel, .lstat(path: "/f"), with: .attributes(FileAttributes(size: 1, mode: 0o100644, accessed: 500, modified: 600)))
        try await answer(channel, .stat(path: "/f"), with: .attributes(FileAttributes(size: 1, accessed: 500, modified: 600)))
        try await answer(channel, .setstat(path: "/f", attributes: FileAttributes(accessed: 500, modified: 1_000)), with: status(.ok))
        try await setting.value
    }

    func testAttributesAreNotSetThroughASymlinkAtTheName() async throws {
        let (client, channel) = try await start()
        let setting = Task { try await client.setAttributes("/d", FileAttributes(mode: 0o755, accessed: 1_000, modified: 1_000)) }
        try await answer(channel, .lstat(path: "/d"), with: .attributes(FileAttributes(size: 4, mode: 0o120777)))
        let error = await fileSystemError { try await setting.value }
        XCTAssertEqual(error?.kind, .unexpectedFile)
        XCTAssertEqual(error?.path, "/d")
        let quiet = await channel.staysQuiet()
        XCTAssertTrue(quiet, "no SETSTAT follows")
    }

    func testRenameReplacingUsesPosixRenameWhenOffered() async throws {
        let (client, channel) = try await start(extensions: ["posix-rename@openssh.com": "1"])
        let renaming = Task { try await client.rename("/a.part", to: "/a", replacing: true) }
        try await answer(channel, .extended(.posixRename(from: "/a.part", to: "/a")), with: status(.ok))
        try await renaming.value
    }

    func testRenameReplacingWithoutPosixRenameIsAPlainRenameAndNeverUnlinksTheDestination() async throws {
        let (client, channel) = try await start()
        let renaming = Task { try await client.rename("/a.part", to: "/a", replacing: true) }
        try await answer(channel, .rename(from: "/a.part", to: "/a"), with: status(.failure, "Failure"))
        // The closer look: what is at the destination.
        try await answer(channel, .lstat(path: "/a"), with: .attributes(FileAttributes(mode: 0o100644)))
        try await answer(channel, .lstat(path: "/a.part"), with: .attributes(FileAttributes(mode: 0o100644)))
        let error = await fileSystemError { try await renaming.value }
        XCTAssertEqual(error?.kind, .alreadyExists)
        XCTAssertEqual(error?.path, "/a")
        // Replacing was asked for: the error says why it could not be done, not to replace it.
        XCTAssertTrue(error?.detail.contains("the server cannot replace a file by renaming") == true, error?.description ?? "")
        XCTAssertFalse(error?.detail.contains("replace it") == true, error?.description ?? "")
        let quiet = await channel.staysQuiet()
        XCTAssertTrue(quiet)
        XCTAssertFalse(channel.requests.contains { if case .remove = $0 { true } else { false } })
    }

    func testRenameWithoutReplacingRefusesAnExistingDestinationBeforeRenaming() async throws {
        let (client, channel) = try await start(extensions: ["posix-rename@openssh.com": "1"])
        let renaming = Task { try await client.rename("/a", to: "/b", replacing: false) }
        try await answer(channel, .lstat(path: "/b"), with: .attributes(FileAttributes(mode: 0o40755)))
        let error = await fileSystemError { try await renaming.value }
        XCTAssertEqual(error?.kind, .alreadyExists)
        XCTAssertEqual(error?.path, "/b")
        let quiet = await channel.staysQuiet()
        XCTAssertTrue(quiet)

        let free = Task { try await client.rename("/a", to: "/c", replacing: false) }
        try await answer(channel, .lstat(path: "/c"), with: status(.noSuchFile, "No such file"))
        try await answer(channel, .rename(from: "/a", to: "/c"), with: status(.ok))
        try await free.value
    }

    func testSymlinkAndHardlinkAndCopyDataUseTheirRequests() async throws {
        let (client, channel) = try await start(extensions: ["hardlink@openssh.com": "1", "copy-data": "1", "fsync@openssh.com": "1"])
        let linking = Task { try await client.symlink(at: "/l", pointingTo: "t") }
        try await answer(channel, .symlink(linkPath: "/l", targetPath: "t"), with: status(.ok))
        try await linking.value
        let hard = Task { try await client.hardlink(at: "/h", pointingTo: "/t") }
        try await answer(channel, .extended(.hardlink(target: "/t", link: "/h")), with: status(.ok))
        try await hard.value

        let source = Task { try await client.openReader("/s") }
        try await answer(channel, .open(path: "/s", flags: .read, attributes: FileAttributes()), with: .handle([1]))
        let destination = Task { try await client.openWriter("/d", .createNew, permissions: 0o600) }
        try await answer(channel, .open(path: "/d", flags: [.write, .create, .exclusive], attributes: FileAttributes(mode: 0o600)),
                         with: .handle([2]))
        let (reader, writer) = (try await source.value, try await destination.value)
        let copying = Task { try await client.copyData(from: reader, at: 0, count: 0, to: writer, at: 0) }
        try await answer(channel, .extended(.copyData(source: [1], sourceOffset: 0, length: 0, destination: [2], destinationOffset: 0)),
                         with: status(.ok))
        try await copying.value
        let syncing = Task { try await writer.synchronize() }
        try await answer(channel, .extended(.fsync(handle: [2])), with: status(.ok))
        try await syncing.value
    }

    func testSymlinkPathsGoInTheOrderTheServersSoftwareReads() async throws {
        let channel = ScriptedSFTPChannel()
        let opening = Task { try await SFTPClient.open(over: channel, location: "test-host", serverSoftware: "SSH-2.0-AsyncSSH_2.24.1") }
        _ = try await channel.nextPacket()
        channel.sendVersion()
        let client = try await opening.value
        let linking = Task { try await client.symlink(at: "/l", pointingTo: "t") }
        let packet = try await channel.nextPacket()
        let id = UInt32(packet[5]) << 24 | UInt32(packet[6]) << 16 | UInt32(packet[7]) << 8 | UInt32(packet[8])
        XCTAssertEqual(packet, SFTPRequest.symlink(linkPath: "/l", targetPath: "t", order: .linkFirst).encode(id: id))
        XCTAssertEqual(Array(packet[9...]), Wire.string("/l") + Wire.string("t"))
        channel.send(.status(id, .ok))
        try await linking.value
    }

    func testExtensionsTheServerLacksAreUnsupportedAndFsyncIsThenANoOp() async throws {
        let (client, channel) = try await start()
        let usage = await fileSystemError { try await client.usage(of: "/") }
        XCTAssertEqual(usage?.kind, .unsupported)
        XCTAssertEqual(usage?.path, "/")
        XCTAssertTrue(usage?.detail.contains("statvfs@openssh.com") == true, usage?.description ?? "")
        let hardlink = await fileSystemError { try await client.hardlink(at: "/h", pointingTo: "/t") }
        XCTAssertEqual(hardlink?.kind, .unsupported)

        let opened = Task { try await client.openWriter("/d", .keep, permissions: 0o644) }
        try await answer(channel, .open(path: "/d", flags: [.write, .create], attributes: FileAttributes(mode: 0o644)), with: .handle([2]))
        let writer = try await opened.value
        try await writer.synchronize()
        let quiet = await channel.staysQuiet()
        XCTAssertTrue(quiet)
    }

    // MARK: - Errors

    func testStatusCodesBecomeErrorsNamingThePathWithTheServersMessage() async throws {
        let (client, channel) = try await start()
        let cases: [(SFTPStatusCode, FileSystemError.Kind, String)] = [
            (.noSuchFile, .noSuchFile, "check the path"),
            (.permissionDenied, .permissionDenied, "check the permissions"),
            (.operationUnsupported, .unsupported, "does not offer this"),
            (.fileAlreadyExists, .alreadyExists, "choose another name"),
            (.noSpaceOnFileSystem, .noSpace, "free some space"),
            (.badMessage, .failure, "no other reason"),
        ]
        for (code, kind, advice) in cases {
            let removing = Task { try await client.remove("/x/\(code)") }
            try await answer(channel, .remove(path: "/x/\(code)"), with: status(code, "Server says \(code)\n"))
            if kind == .failure || kind == .noSuchFile {
                // Ambiguous codes get a closer look: nothing there, and the parent is a directory.
                try await answer(channel, .lstat(path: "/x/\(code)"), with: status(.noSuchFile))
                try await answer(channel, .stat(path: "/x"), with: .attributes(FileAttributes(mode: 0o40755)))
            }
            let error = await fileSystemError { try await removing.value }
            XCTAssertEqual(error?.kind, kind, "\(code)")
            XCTAssertEqual(error?.path, "/x/\(code)")
            XCTAssertEqual(error?.location, "test-host")
            XCTAssertEqual(error?.detail, "removing the file failed: the server says “Server says \(code)” (\(code)); \(kind.sftpAdvice)")
            XCTAssertTrue(error?.description.hasPrefix("test-host:/x/\(code): ") == true)
            XCTAssertTrue(error?.detail.contains(advice) == true)
        }
    }

    func testControlCharactersInAServerMessageAreShownEscaped() async throws {
        let (client, channel) = try await start()
        let removing = Task { try await client.remove("/x") }
        try await answer(channel, .remove(path: "/x"), with: status(.failure, "bad\u{1B}]0;pwned\u{07}"))
        try await answer(channel, .lstat(path: "/x"), with: status(.noSuchFile))
        try await answer(channel, .stat(path: "/"), with: .attributes(FileAttributes(mode: 0o40755)))
        let error = await fileSystemError { try await removing.value }
        XCTAssertFalse(error?.detail.contains("\u{1B}") ?? true)
        XCTAssertTrue(error?.detail.contains(#"bad\033]0;pwned\007"#) == true, error?.detail ?? "")
    }

    func testAFailureToMakeADirectoryWhereSomethingIsMeansItAlreadyExists() async throws {
        let (client, channel) = try await start()
        let making = Task { try await client.makeDirectory("/d", permissions: 0o755) }
        try await answer(channel, .mkdir(path: "/d", attributes: FileAttributes(mode: 0o755)), with: status(.failure, "Failure"))
        try await answer(channel, .lstat(path: "/d"), with: .attributes(FileAttributes(mode: 0o40755)))
        let error = await fileSystemError { try await making.value }
        XCTAssertEqual(error?.kind, .alreadyExists)
        XCTAssertEqual(error?.detail, "creating the directory failed: the server says “Failure” (FAILURE); a directory is already there; "
            + FileSystemError.Kind.alreadyExists.sftpAdvice)
    }

    func testListingAFileIsNotADirectory() async throws {
        let (client, channel) = try await start()
        let listing = Task { try await client.list("/f") }
        try await answer(channel, .opendir(path: "/f"), with: status(.failure, "Failure"))
        try await answer(channel, .stat(path: "/f"), with: .attributes(FileAttributes(mode: 0o100644)))
        let error = await fileSystemError { try await listing.value }
        XCTAssertEqual(error?.kind, .notADirectory)
        XCTAssertEqual(error?.path, "/f")
    }

    func testNoSuchFileUnderSomethingThatIsNotADirectoryIsNotADirectory() async throws {
        // OpenSSH answers ENOTDIR with NO_SUCH_FILE: the parent tells.
        let (client, channel) = try await start()
        let stating = Task { try await client.stat("/file/child") }
        try await answer(channel, .stat(path: "/file/child"), with: status(.noSuchFile, "No such file"))
        try await answer(channel, .stat(path: "/file"), with: .attributes(FileAttributes(mode: 0o100644)))
        let error = await fileSystemError { try await stating.value }
        XCTAssertEqual(error?.kind, .notADirectory)
        XCTAssertEqual(error?.path, "/file/child")
        XCTAssertTrue(error?.detail.contains("/file is a file, not a directory") == true, error?.description ?? "")
    }

    func testARequestThatCannotBeWrittenFailsAtOnceInsteadOfWaitingForItsAnswer() async throws {
        let (client, channel) = try await start()
        channel.refuseWrites()
        let error = await fileSystemError { try await client.stat("/x") }
        XCTAssertEqual(error?.kind, .connectionLost)
        XCTAssertTrue(error?.detail.contains("took no more requests") == true, error?.description ?? "")
    }

    func testNothingAtAPathIsNilWithoutASecondLookAtItsParent() async throws {
        let (client, channel) = try await start()
        let looking = Task { try await client.lstatIfPresent("/file/child") }
        try await answer(channel, .lstat(path: "/file/child"), with: status(.noSuchFile, "No such file"))
        let found = try await looking.value
        XCTAssertNil(found)
        let quiet = await channel.staysQuiet()
        XCTAssertTrue(quiet, "\(channel.requests)")
    }

    /// Creates `/d/.f.termind-partial` on `channel` (OPEN, then FSTAT for its identity).
    private func createdPartial(_ client: SFTPClient, _ channel: ScriptedSFTPChannel) async throws -> any PartialWriter {
        let creating = Task { try await client.createPartial("/d/.f.termind-partial", permissions: 0o600) }
        try await answer(channel, .open(path: "/d/.f.termind-partial", flags: [.read, .write, .create, .exclusive],
                                        attributes: FileAttributes(mode: 0o600)), with: .handle([9]))
        try await answer(channel, .fstat(handle: [9]), with: .attributes(Self.partialAttributes(size: 0)))
        return try await creating.value
    }

    private static func partialAttributes(size: UInt64, modified: Int64 = 1_000) -> FileAttributes {
        FileAttributes(size: size, userID: 1000, groupID: 1000, mode: 0o100600, accessed: modified, modified: modified)
    }

    func testSealingAPartialSendsItsLastStepsInOneWriteAndSeesTheNameStillHoldsIt() async throws {
        let (client, channel) = try await start(extensions: Self.openSSHExtensions)
        let partial = try await createdPartial(client, channel)
        let writesBefore = channel.writeCount
        let sealing = Task { try await partial.seal(setting: FileAttributes(mode: 0o644, modified: 2_000)) }
        var ids: [UInt32] = []
        var requests: [SFTPRequest] = []
        for _ in 0..<4 {
            let (id, request) = try await channel.nextRequest()
            ids.append(id)
            requests.append(request)
        }
        XCTAssertEqual(channel.writeCount, writesBefore + 1, "the four requests went out in one write")
        XCTAssertEqual(requests, [
            .extended(.fsync(handle: [9])),
            .fsetstat(handle: [9], attributes: FileAttributes(mode: 0o644, accessed: 2_000, modified: 2_000)),
            .fstat(handle: [9]), .lstat(path: "/d/.f.termind-partial"),
        ])
        let sealed = Self.partialAttributes(size: 5, modified: 2_000)
        channel.send(.status(ids[0], .ok))
        channel.send(.status(ids[1], .ok))
        channel.send(SFTPReply(id: ids[2], body: .attributes(sealed)))
        channel.send(SFTPReply(id: ids[3], body: .attributes(sealed)))
        let identity = try await sealing.value
        XCTAssertEqual(identity, FileIdentity(userID: 1000, size: 5, modified: 2_000))
    }

    func testASealedPartialWhoseNameHoldsAnotherFileOrNothingIsNotCommitted() async throws {
        let (client, channel) = try await start(extensions: Self.openSSHExtensions)
        let partial = try await createdPartial(client, channel)
        for named in [SFTPReply.Body.attributes(Self.partialAttributes(size: 5, modified: 3_000)), status(.noSuchFile)] {
            let sealing = Task { try await partial.seal(setting: nil) }
            try await answer(channel, .extended(.fsync(handle: [9])), with: status(.ok))
            try await answer(channel, .fstat(handle: [9]), with: .attributes(Self.partialAttributes(size: 5)))
            try await answer(channel, .lstat(path: "/d/.f.termind-partial"), with: named)
            let identity = try await sealing.value
            XCTAssertNil(identity, "\(named)")
        }
    }

    func testAFailedSyncInASealIsThrownNamingThePartial() async throws {
        let (client, channel) = try await start(extensions: Self.openSSHExtensions)
        let partial = try await createdPartial(client, channel)
        let sealing = Task { try await partial.seal(setting: nil) }
        try await answer(channel, .extended(.fsync(handle: [9])), with: status(.failure, "Input/output error"))
        try await answer(channel, .fstat(handle: [9]), with: .attributes(Self.partialAttributes(size: 5)))
        try await answer(channel, .lstat(path: "/d/.f.termind-partial"), with: .attributes(Self.partialAttributes(size: 5)))
        let error = await fileSystemError { try await sealing.value }
        XCTAssertEqual(error?.path, "/d/.f.termind-partial")
        XCTAssertTrue(error?.description.contains("synchronising") == true, error?.description ?? "")
    }

    func testTheServersOwnWordsNameTheFailureWithoutASecondLook() async throws {
        let (client, channel) = try await start()
        let making = Task { try await client.makeDirectory("/d", permissions: 0o700) }
        try await answer(channel, .mkdir(path: "/d", attributes: FileAttributes(mode: 0o700)), with: status(.failure, "File exists"))
        let error = await fileSystemError { try await making.value }
        XCTAssertEqual(error?.kind, .alreadyExists)
        let quiet = await channel.staysQuiet()
        XCTAssertTrue(quiet)
    }

    func testRemovingADirectoryThatHoldsEntriesIsDirectoryNotEmpty() async throws {
        let (client, channel) = try await start()
        let removing = Task { try await client.removeDirectory("/d") }
        try await answer(channel, .rmdir(path: "/d"), with: status(.failure, "Failure"))
        try await answer(channel, .lstat(path: "/d"), with: .attributes(FileAttributes(mode: 0o40755)))
        try await answer(channel, .opendir(path: "/d"), with: .handle([4]))
        try await answer(channel, .readdir(handle: [4]), with: .names([
            SFTPName(filename: ".", longName: "", attributes: FileAttributes()),
            SFTPName(filename: "left", longName: "", attributes: FileAttributes()),
        ]))
        try await answer(channel, .close(handle: [4]), with: status(.ok))
        let error = await fileSystemError { try await removing.value }
        XCTAssertEqual(error?.kind, .directoryNotEmpty)
    }

    func testRemovingADirectoryAsAFileIsADirectory() async throws {
        let (client, channel) = try await start()
        let removing = Task { try await client.remove("/d") }
        try await answer(channel, .remove(path: "/d"), with: status(.failure, "Failure"))
        try await answer(channel, .lstat(path: "/d"), with: .attributes(FileAttributes(mode: 0o40755)))
        let error = await fileSystemError { try await removing.value }
        XCTAssertEqual(error?.kind, .isADirectory)
    }

    func testCreatingAFileThatExistsIsAlreadyExists() async throws {
        let (client, channel) = try await start()
        let opening = Task { try await client.openWriter("/f", .createNew, permissions: 0o644) }
        try await answer(channel, .open(path: "/f", flags: [.write, .create, .exclusive], attributes: FileAttributes(mode: 0o644)),
                         with: status(.failure, "Failure"))
        try await answer(channel, .lstat(path: "/f"), with: .attributes(FileAttributes(mode: 0o100600)))
        let error = await fileSystemError { try await opening.value }
        XCTAssertEqual(error?.kind, .alreadyExists)
    }

    func testAWriteFailureOnAFullFileSystemIsNoSpace() async throws {
        let (client, channel) = try await start(extensions: ["statvfs@openssh.com": "2"])
        let opened = Task { try await client.openWriter("/big", .truncate, permissions: 0o644) }
        try await answer(channel, .open(path: "/big", flags: [.write, .create, .truncate], attributes: FileAttributes(mode: 0o644)),
                         with: .handle([5]))
        let writer = try await opened.value
        func statvfs(available: UInt64) -> SFTPReply.Body {
            .extendedReply([UInt64(4096), 4096, 1000, available, available, 10, 9, 9, 1, 0, 255].flatMap(Wire.uint64))
        }

        let full = Task { try await writer.write([1, 2, 3], at: 0) }
        try await answer(channel, .write(handle: [5], offset: 0, data: [1, 2, 3][...]), with: status(.failure, "Failure"))
        try await answer(channel, .extended(.statvfs(path: "/big")), with: statvfs(available: 0))
        let error = await fileSystemError { try await full.value }
        XCTAssertEqual(error?.kind, .noSpace)
        XCTAssertEqual(error?.path, "/big")
        XCTAssertTrue(error?.detail.contains("0 bytes are free") == true, error?.description ?? "")

        let other = Task { try await writer.write([1], at: 0) }
        try await answer(channel, .write(handle: [5], offset: 0, data: [1][...]), with: status(.failure, "Failure"))
        try await answer(channel, .extended(.statvfs(path: "/big")), with: statvfs(available: 100))
        let failure = await fileSystemError { try await other.value }
        XCTAssertEqual(failure?.kind, .failure)
    }

    // MARK: - A misbehaving server, a lost channel

    func testAMalformedReplyFailsEveryPendingRequestAndClosesTheFileSystem() async throws {
        let (client, channel) = try await start()
        let paths = ["/a", "/b", "/c"]
        let calls = paths.map { path in Task { try await client.stat(path) } }
        for _ in paths { _ = try await channel.nextRequest() }
        // An ATTRS reply cut short inside its size.
        channel.send(bytes: Wire.packet([105] + Wire.uint32(1) + Wire.uint32(1) + [0, 0]))
        for (path, call) in zip(paths, calls) {
            let error = await fileSystemError { try await call.value }
            XCTAssertEqual(error?.kind, .protocolViolation)
            XCTAssertEqual(error?.path, path)
            XCTAssertTrue(error?.detail.contains("the ATTRS reply ends inside its size attribute") == true, error?.description ?? "")
        }
        let later = await fileSystemError { try await client.stat("/d") }
        XCTAssertEqual(later?.kind, .protocolViolation)
        XCTAssertEqual(later?.path, "/d")
        await eventually("the channel is closed") { channel.isClosed }
    }

    func testAReplyToNoRequestIsAProtocolViolation() async throws {
        let (client, channel) = try await start()
        let call = Task { try await client.stat("/a") }
        let (id, _) = try await channel.nextRequest()
        channel.send(SFTPReply(id: id + 100, body: .attributes(FileAttributes())))
        let error = await fileSystemError { try await call.value }
        XCTAssertEqual(error?.kind, .protocolViolation)
        XCTAssertTrue(error?.detail.contains("request id \(id + 100), which is not waiting for an answer") == true, error?.description ?? "")
    }

    func testAReplyOfTheWrongTypeIsAProtocolViolation() async throws {
        let (client, channel) = try await start()
        let call = Task { try await client.stat("/a") }
        let (id, _) = try await channel.nextRequest()
        channel.send(SFTPReply(id: id, body: .handle([1])))
        let error = await fileSystemError { try await call.value }
        XCTAssertEqual(error?.kind, .protocolViolation)
        XCTAssertTrue(error?.detail.contains("answered a STAT request (id \(id)) with HANDLE") == true, error?.description ?? "")
    }

    func testAnOversizedPacketIsAProtocolViolation() async throws {
        let (client, channel) = try await start()
        let call = Task { try await client.stat("/a") }
        _ = try await channel.nextRequest()
        channel.send(bytes: Wire.uint32(0x7FFF_FFFF) + [105])
        let error = await fileSystemError { try await call.value }
        XCTAssertEqual(error?.kind, .protocolViolation)
        XCTAssertTrue(error?.detail.contains("more than the 278528 Termind accepts") == true, error?.description ?? "")
    }

    func testAReadAnsweredWithMoreThanAskedIsAProtocolViolation() async throws {
        let (client, channel) = try await start()
        let opened = Task { try await client.openReader("/f") }
        try await answer(channel, .open(path: "/f", flags: .read, attributes: FileAttributes()), with: .handle([1]))
        let reader = try await opened.value
        let read = Task { try await reader.read(at: 0, count: 4) }
        try await answer(channel, .read(handle: [1], offset: 0, length: 4), with: .data([1, 2, 3, 4, 5]))
        let error = await fileSystemError { try await read.value }
        XCTAssertEqual(error?.kind, .protocolViolation)
        XCTAssertEqual(error?.path, "/f")
    }

    func testTheConnectionDroppingFailsPendingRequestsWithConnectionLost() async throws {
        let (client, channel) = try await start()
        let calls = ["/a", "/b"].map { path in Task { try await client.stat(path) } }
        for _ in calls { _ = try await channel.nextRequest() }
        channel.fail(SSHFailure(.dropped, connection: "test-host", detail: "the server closed the connection; reconnect"))
        for call in calls {
            let error = await fileSystemError { try await call.value }
            XCTAssertEqual(error?.kind, .connectionLost)
            XCTAssertEqual(error?.exitCode, .connectionFailed)
            XCTAssertTrue(error?.detail.contains("the server closed the connection") == true, error?.description ?? "")
        }
        let later = await fileSystemError { try await client.list("/") }
        XCTAssertEqual(later?.kind, .connectionLost)
        XCTAssertEqual(later?.path, "/")
    }

    func testTheServerExitingFailsPendingRequestsWithConnectionLost() async throws {
        let (client, channel) = try await start()
        let call = Task { try await client.realpath(".") }
        _ = try await channel.nextRequest()
        channel.exit(status: 1)
        let error = await fileSystemError { try await call.value }
        XCTAssertEqual(error?.kind, .connectionLost)
        XCTAssertTrue(error?.detail.contains("the SFTP server exited with status 1") == true, error?.description ?? "")
    }

    func testClosingFailsPendingRequestsAndLaterOnes() async throws {
        let (client, channel) = try await start()
        let call = Task { try await client.stat("/a") }
        _ = try await channel.nextRequest()
        await client.close()
        let error = await fileSystemError { try await call.value }
        XCTAssertEqual(error?.kind, .connectionLost)
        XCTAssertTrue(error?.detail.contains("the file system was closed") == true, error?.description ?? "")
        XCTAssertTrue(channel.isClosed)
    }
}

/// Resumes a continuation with the first answer given; later ones are dropped.
private final class FirstAnswer<Value: Sendable>: Sendable {
    private let continuation: Mutex<CheckedContinuation<Value, Never>?>

    init(_ continuation: CheckedContinuation<Value, Never>) {
        self.continuation = Mutex(continuation)
    }

    func resume(_ value: Value) {
        continuation.withLock { $0.take() }?.resume(returning: value)
    }
}
