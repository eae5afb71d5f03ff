import TermindApplication
import TermindDomain
import XCTest

/// The permission bits a copy gives what it creates on a server (the memory file system plays
/// one): read, write and execute bits always; setuid, setgid and sticky only with
/// `--preserve-mode`. (Downloads, which never set them, are `LocalTransferSafetyTests`.)
final class TransferModesTests: XCTestCase {
    private func upload(preserveMode: Bool) async -> (TransferBatchReport, MemoryFileSystem) {
        let source = MemoryFileSystem(location: "here")
        let server = MemoryFileSystem(location: "srv")
        source.addDirectory("/tree", mode: 0o7775)
        source.addFile("/tree/tool", sampleBytes(100), mode: 0o6755)
        server.addDirectory("/up")
        let report = await TransferEngine().run(TransferBatch(
            sources: [TransferEndpoint(site(source), "/tree")], destination: TransferEndpoint(site(server), "/up"),
            recursive: true, preserveMode: preserveMode))
        return (report, server)
    }

    func testWithoutPreserveModeOnlyReadWriteAndExecuteBitsReachTheServer() async {
        let (report, server) = await upload(preserveMode: false)

        XCTAssertEqual(report.exitCode, .success)
        guard case .file(_, let mode, _, _)? = server.node("/up/tree/tool") else { return XCTFail("no file") }
        XCTAssertEqual(mode, 0o755)
        guard case .directory(let directoryMode, _)? = server.node("/up/tree") else { return XCTFail("no directory") }
        XCTAssertEqual(directoryMode, 0o775)
    }

    func testPreserveModeKeepsSetuidSetgidAndStickyOnAServer() async {
        let (report, server) = await upload(preserveMode: true)

        XCTAssertEqual(report.exitCode, .success)
        guard case .file(_, let mode, _, _)? = server.node("/up/tree/tool") else { return XCTFail("no file") }
        XCTAssertEqual(mode, 0o6755)
        guard case .directory(let directoryMode, _)? = server.node("/up/tree") else { return XCTFail("no directory") }
        XCTAssertEqual(directoryMode, 0o7775)
    }
}
