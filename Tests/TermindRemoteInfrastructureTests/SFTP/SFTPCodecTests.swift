@testable import TermindRemoteInfrastructure
import TermindApplication
import TermindDomain
import XCTest

/// The SFTP v3 packet codec: every request encoded as the draft (and OpenSSH) lay it out,
/// every reply decoded, and truncated or malformed packets refused with a clear message.
final class SFTPCodecTests: XCTestCase {
    private let handle: [UInt8] = [0, 0, 0, 7]
    private let full = FileAttributes(size: 1 << 40, userID: 1000, groupID: 100, mode: 0o100644, accessed: 1_700_000_000, modified: 1_700_000_123)

    // MARK: - Requests

    func testEveryRequestSurvivesARoundTripThroughItsWireForm() throws {
        let requests: [SFTPRequest] = [
            .open(path: "/srv/a b.txt", flags: [.write, .create, .exclusive], attributes: FileAttributes(mode: 0o600)),
            .close(handle: handle),
            .read(handle: handle, offset: 1 << 33, length: 261_120),
            .write(handle: handle, offset: 42, data: [1, 2, 3][...]),
            .lstat(path: "/l"),
            .fstat(handle: handle),
            .setstat(path: "/s", attributes: full),
            .fsetstat(handle: handle, attributes: FileAttributes(size: 0)),
            .opendir(path: "/d"),
            .readdir(handle: handle),
            .remove(path: "/r"),
            .mkdir(path: "/m", attributes: FileAttributes(mode: 0o755)),
            .rmdir(path: "/m"),
            .realpath(path: "."),
            .stat(path: "/s"),
            .rename(from: "/a", to: "/b"),
            .readlink(path: "/link"),
            .symlink(linkPath: "/link", targetPath: "target"),
            .extended(.limits),
            .extended(.posixRename(from: "/a", to: "/b")),
            .extended(.fsync(handle: handle)),
            .extended(.statvfs(path: "/")),
            .extended(.hardlink(target: "/a", link: "/b")),
            .extended(.copyData(source: handle, sourceOffset: 1, length: 0, destination: [9], destinationOffset: 2)),
            .extended(.other(name: "home-directory", data: Wire.string("alice"))),
        ]
        for (index, request) in requests.enumerated() {
            let id = UInt32(index * 1000 + 1)
            let decoded = try SFTPRequest.decodeForTest(request.encode(id: id))
            XCTAssertEqual(decoded.id, id, "\(request)")
            XCTAssertEqual(decoded.request, request)
        }
    }

    func testReadIsEncodedByteForByteAsTheDraftLaysItOut() {
        let packet = SFTPRequest.read(handle: [0xAB, 0xCD], offset: 0x0102_0304_0506_0708, length: 32_768).encode(id: 5)
        let body: [UInt8] = [5] + Wire.uint32(5) + Wire.string([0xAB, 0xCD]) + Wire.uint64(0x0102_0304_0506_0708) + Wire.uint32(32_768)
        XCTAssertEqual(packet, Wire.packet(body))
    }

    func testWriteCarriesItsDataAsAStringAfterHandleAndOffset() {
        let data = [UInt8](repeating: 0x5A, count: 1000)
        let packet = SFTPRequest.write(handle: [1], offset: 7, data: data[...]).encode(id: 9)
        XCTAssertEqual(packet, Wire.packet([6] + Wire.uint32(9) + Wire.string([1]) + Wire.uint64(7) + Wire.string(data)))
        XCTAssertEqual(packet.count, 4 + 1 + 4 + 5 + 8 + 4 + 1000)
    }

    func testSymlinkPutsTheTargetFirstAsOpenSSHDoes() {
        let packet = SFTPRequest.symlink(linkPath: "/home/a/link", targetPath: "../target").encode(id: 1)
        XCTAssertEqual(packet, Wire.packet([20] + Wire.uint32(1) + Wire.string("../target") + Wire.string("/home/a/link")))
    }

    func testSymlinkKeepsTheDraftsOrderForServersThatDo() {
        let packet = SFTPRequest.symlink(linkPath: "/home/a/link", targetPath: "../target", order: .linkFirst).encode(id: 1)
        XCTAssertEqual(packet, Wire.packet([20] + Wire.uint32(1) + Wire.string("/home/a/link") + Wire.string("../target")))
    }

    func testTheSymlinkOrderFollowsTheServersSoftware() {
        XCTAssertEqual(SFTPSymlinkOrder(serverSoftware: "SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u3"), .targetFirst)
        XCTAssertEqual(SFTPSymlinkOrder(serverSoftware: "SSH-2.0-AsyncSSH_2.24.1"), .linkFirst)
        XCTAssertEqual(SFTPSymlinkOrder(serverSoftware: "SSH-2.0-SomethingElse"), .targetFirst)
        XCTAssertEqual(SFTPSymlinkOrder(serverSoftware: nil), .targetFirst)
    }

    func testInitCarriesTheVersionAndNoID() {
        XCTAssertEqual(SFTPRequest.initialization(version: 3), Wire.packet([1] + Wire.uint32(3)))
    }

    func testOpenWritesOnlyTheAttributesGiven() {
        let packet = SFTPRequest.open(path: "/f", flags: [.read], attributes: FileAttributes(mode: 0o644)).encode(id: 2)
        XCTAssertEqual(packet, Wire.packet([3] + Wire.uint32(2) + Wire.string("/f") + Wire.uint32(1) + Wire.uint32(4) + Wire.uint32(0o644)))
    }

    func testAttributesWriteTimesAndOwnersOnlyInPairs() throws {
        var writer = SFTPWireWriter(.attrs)
        FileAttributes(userID: 5, modified: 10).write(to: &writer)
        let bytes = writer.finish()
        XCTAssertEqual(Array(bytes[5...]), Wire.uint32(0), "a lone uid or mtime cannot be sent in SFTP v3")
    }

    func testAttributesSurviveARoundTrip() throws {
        for attributes in [full, FileAttributes(), FileAttributes(size: 3), FileAttributes(mode: 0o40755),
                           FileAttributes(accessed: 1, modified: 2)] {
            var writer = SFTPWireWriter(.attrs)
            attributes.write(to: &writer)
            let bytes = writer.finish()
            var reader = SFTPWireReader(bytes[5...], packet: "attrs")
            XCTAssertEqual(try FileAttributes.read(from: &reader), attributes)
            XCTAssertTrue(reader.isAtEnd)
        }
    }

    func testExtendedAttributePairsAreSkipped() throws {
        let bytes = Wire.uint32(0x8000_0004) + Wire.uint32(0o644) + Wire.uint32(2)
            + Wire.string("a@x") + Wire.string("1") + Wire.string("b@x") + Wire.string("2") + [0xEE]
        var reader = SFTPWireReader(bytes[...], packet: "attrs")
        XCTAssertEqual(try FileAttributes.read(from: &reader), FileAttributes(mode: 0o644))
        XCTAssertEqual(reader.remaining, 1)
    }

    // MARK: - Replies

    func testEveryReplySurvivesARoundTrip() throws {
        let replies: [SFTPReply] = [
            .status(1, .ok, "Success"),
            .status(2, .noSuchFile, "No such file"),
            .status(3, .other(99), ""),
            SFTPReply(id: 4, body: .handle([1, 2, 3, 4])),
            SFTPReply(id: 5, body: .data(Array(repeating: 7, count: 70_000))),
            SFTPReply(id: 6, body: .data([])),
            SFTPReply(id: 7, body: .names([
                SFTPName(filename: "a", longName: "-rw-r--r-- 1 u g 3 Jan 1 00:00 a", attributes: full),
                SFTPName(filename: "ü b", longName: "", attributes: FileAttributes()),
            ])),
            SFTPReply(id: 8, body: .names([])),
            SFTPReply(id: 9, body: .attributes(full)),
            SFTPReply(id: 10, body: .extendedReply(Wire.uint64(1) + Wire.uint64(2))),
            SFTPReply(id: UInt32.max, body: .extendedReply([])),
        ]
        for reply in replies {
            var framer = SFTPFramer()
            framer.append(reply.encodeForTest())
            let packet = try XCTUnwrap(try framer.next())
            XCTAssertEqual(try SFTPReply.decode(packet), reply)
        }
    }

    func testAStatusWithoutMessageOrLanguageIsAccepted() throws {
        let reply = try SFTPReply.decode(([101] + Wire.uint32(3) + Wire.uint32(4))[...])
        XCTAssertEqual(reply, SFTPReply(id: 3, body: .status(SFTPStatus(code: .failure))))
    }

    func testVersionGivesTheVersionAndEveryExtensionInOrder() throws {
        let version = SFTPVersion(version: 3, extensions: [
            .init(name: "posix-rename@openssh.com", data: "1"), .init(name: "limits@openssh.com", data: "1"),
        ])
        XCTAssertEqual(try SFTPVersion.decode(version.encodeForTest().dropFirst(4)), version)
    }

    func testLimitsAndStatVFSRepliesDecode() throws {
        let limits = try SFTPLimits.decode(Wire.uint64(262_144) + Wire.uint64(261_120) + Wire.uint64(261_120) + Wire.uint64(0))
        XCTAssertEqual(limits, SFTPLimits(maximumPacketLength: 262_144, maximumReadLength: 261_120,
                                          maximumWriteLength: 261_120, maximumOpenHandles: 0))
        let fields: [UInt64] = [4096, 1024, 1000, 500, 400, 10, 9, 8, 7, 6, 255]
        let usage = try FileSystemUsage.decodeSFTPStatVFS(fields.flatMap(Wire.uint64))
        XCTAssertEqual(usage, FileSystemUsage(blockSize: 1024, totalBlocks: 1000, freeBlocks: 500, availableBlocks: 400))
        XCTAssertEqual(usage.availableBytes, 409_600)
        XCTAssertThrowsError(try FileSystemUsage.decodeSFTPStatVFS(Array(fields.flatMap(Wire.uint64).dropLast())))
    }

    // MARK: - Malformed replies

    func testEveryTruncationOfEveryReplyIsRefusedWithAMessageNamingWhatIsMissing() throws {
        let replies: [SFTPReply] = [
            SFTPReply(id: 4, body: .handle([1, 2, 3, 4])),
            SFTPReply(id: 5, body: .data([1, 2, 3])),
            SFTPReply(id: 7, body: .names([SFTPName(filename: "a", longName: "l", attributes: full)])),
            SFTPReply(id: 9, body: .attributes(full)),
        ]
        for reply in replies {
            let body = Array(reply.encodeForTest().dropFirst(4))
            for cut in 1..<body.count {
                XCTAssertThrowsError(try SFTPReply.decode(body[..<cut]), "\(reply) cut at \(cut)") { error in
                    let wire = error as? SFTPWireError
                    XCTAssertNotNil(wire)
                    XCTAssertTrue(wire?.detail.contains("ends inside its") == true, wire?.detail ?? "")
                }
            }
        }
    }

    func testALengthBeyondThePacketIsRefusedBeforeAnyAllocation() {
        // A DATA reply claiming 4 GiB of data in a 13-byte packet.
        let packet = [103] + Wire.uint32(1) + Wire.uint32(UInt32.max)
        XCTAssertThrowsError(try SFTPReply.decode(packet[...])) { error in
            XCTAssertEqual((error as? SFTPWireError)?.detail,
                           "the DATA reply ends inside its data (4294967295 bytes needed, 0 left)")
        }
    }

    func testAHostileNameCountEndsInATruncationError() {
        let packet = [104] + Wire.uint32(1) + Wire.uint32(UInt32.max) + Wire.string("a")
        XCTAssertThrowsError(try SFTPReply.decode(packet[...])) { error in
            XCTAssertTrue((error as? SFTPWireError)?.detail.contains("long name 1 of 4294967295") == true, "\(error)")
        }
    }

    func testUnknownTypesRequestsAndASecondVersionAreRefused() {
        let cases: [([UInt8], String)] = [
            ([77] + Wire.uint32(1), "type 77, which SFTP v3 does not define"),
            ([17] + Wire.uint32(1) + Wire.string("/"), "a STAT request, which only a client sends"),
            ([2] + Wire.uint32(3), "VERSION again"),
            ([], "ends inside its type"),
        ]
        for (packet, expected) in cases {
            XCTAssertThrowsError(try SFTPReply.decode(packet[...])) { error in
                XCTAssertTrue((error as? SFTPWireError)?.detail.contains(expected) == true, "\(error) lacks \(expected)")
            }
        }
    }

    func testAVersionPacketWithAHalfExtensionIsRefused() {
        let packet = [2] + Wire.uint32(3) + Wire.string("limits@openssh.com")
        XCTAssertThrowsError(try SFTPVersion.decode(packet[...])) { error in
            XCTAssertTrue((error as? SFTPWireError)?.detail.contains("data of extension limits@openssh.com") == true, "\(error)")
        }
        XCTAssertThrowsError(try SFTPVersion.decode(([101] + Wire.uint32(3))[...])) { error in
            XCTAssertTrue((error as? SFTPWireError)?.detail.contains("answered INIT with STATUS") == true, "\(error)")
        }
    }

    // MARK: - Limits

    func testChunkSizesFollowTheServersLimitsCappedAt255KiB() {
        func limits(packet: UInt64 = 262_144, read: UInt64, write: UInt64) -> SFTPLimits {
            SFTPLimits(maximumPacketLength: packet, maximumReadLength: read, maximumWriteLength: write, maximumOpenHandles: 0)
        }
        XCTAssertEqual(limits(read: 261_120, write: 261_120).readChunkSize, 261_120)
        XCTAssertEqual(limits(read: 4 << 20, write: 4 << 20).writeChunkSize, 255 * 1024)
        XCTAssertEqual(limits(read: 16_384, write: 8_192).readChunkSize, 16_384)
        XCTAssertEqual(limits(read: 16_384, write: 8_192).writeChunkSize, 8_192)
        XCTAssertEqual(limits(read: 0, write: 0).readChunkSize, 32_768)
        XCTAssertEqual(limits(packet: 34_000, read: 1 << 20, write: 1 << 20).readChunkSize, 34_000 - 1024)
    }
}
