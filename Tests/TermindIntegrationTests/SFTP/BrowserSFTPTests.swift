import Foundation
import TermindApplication
import TermindDomain
import TermindRemoteInfrastructure
import TermindTestSupport
import XCTest
@testable import TermindPresentation
#if canImport(Glibc)
import Glibc
#endif

/// A browser pane's requests (`Workbench.answer`, what its effect runner does for each) on
/// Termind's SFTP client against OpenSSH's sshd, sessions as `termind-test`: the listing with
/// the server's owner names, link targets and a hostile name kept exact, a directory deleted
/// with what it holds after counting it, and refusals naming the path and the server's reason.
final class BrowserSFTPTests: XCTestCase {
    private var server: SSHDServer?
    private var area: SFTPTestArea?
    private var connection: (any SSHConnection)?
    private var files: (any RemoteFileSystem)?

    override func tearDown() async throws {
        await files?.close()
        await connection?.close()
        server?.stop()
        area?.remove()
    }

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

    func testAListingShowsTheServersOwnerLinkTargetsAndAHostileNameEscaped() async throws {
        let (files, area) = try await open()
        try area.makeDirectory("site")
        try area.makeDirectory("site/docs")
        try area.write(Array("hello".utf8), to: "site/index.html")
        let hostile = "\u{1B}]0;owned\u{07}\u{1B}[2Jx"
        try area.write([], to: "site/" + hostile)
        XCTAssertEqual(symlink("index.html", area.path("site/home.html")), 0)
        _ = lchown(area.path("site/home.html"), getpwnam(TestAccount.username).pointee.pw_uid, 0)

        // A path with `..` lists as its canonical form.
        let reply = await Workbench.answer(.list(path: area.path("site/docs/.."), listing: 7), on: files)
        guard case .listed(let number, let listed, let entries) = reply else { return XCTFail("\(reply)") }
        XCTAssertEqual(number, 7)
        XCTAssertEqual(listed, area.path("site"))
        let byName = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, $0) })
        XCTAssertEqual(Set(byName.keys), ["docs", "index.html", "home.html", hostile], "names kept exact")
        XCTAssertEqual(byName["index.html"]?.owner, TestAccount.username, "the owner's name from the server's ls -l line")
        XCTAssertEqual(byName["index.html"]?.size, 5)
        XCTAssertEqual(byName["index.html"]?.permissions, "-rw-r--r--")
        XCTAssertEqual(byName["docs"]?.isDirectory, true)
        XCTAssertEqual(byName["home.html"]?.linkTarget, "index.html")
        XCTAssertEqual(byName[hostile]?.shownName, "\\033]0;owned\\007\\033[2Jx")
        XCTAssertEqual(BrowserListing(entries: entries).visible.map { entries[$0].name }.first, "docs", "directories first")
    }

    func testADirectoryIsCountedThenDeletedWithWhatItHolds() async throws {
        let (files, area) = try await open()
        for directory in ["old", "old/a", "old/a/b"] { try area.makeDirectory(directory) }
        try area.write([1], to: "old/a/b/c")
        try area.write([2], to: "old/d")
        let counted = await Workbench.answer(.count([area.path("old")]), on: files)
        guard case .counted(_, let entries) = counted else { return XCTFail("\(counted)") }
        XCTAssertEqual(entries, 5)
        let deleted = await Workbench.answer(.delete([area.path("old")]), on: files)
        guard case .finished(_, nil) = deleted else { return XCTFail("\(deleted)") }
        XCTAssertFalse(FileManager.default.fileExists(atPath: area.path("old")))
    }

    func testRefusalsNameThePathAndTheServersReason() async throws {
        let (files, area) = try await open()
        try area.makeDirectory("locked", byRoot: true)
        try area.write([1], to: "locked/file", byRoot: true)
        let delete = await Workbench.answer(.delete([area.path("locked/file")]), on: files)
        guard case .finished(_, let failure?) = delete else { return XCTFail("deleted in a root-owned directory: \(delete)") }
        XCTAssertTrue(failure.text.contains(area.path("locked/file")), failure.text)
        XCTAssertTrue(failure.text.contains("Permission denied"), failure.text)
        XCTAssertFalse(failure.endsSession)
        XCTAssertTrue(FileManager.default.fileExists(atPath: area.path("locked/file")))

        try area.write([1], to: "mine")
        let rename = await Workbench.answer(.rename(area.path("mine"), to: area.path("missing/mine")), on: files)
        guard case .finished(_, let renameFailure?) = rename else { return XCTFail("\(rename)") }
        XCTAssertTrue(renameFailure.text.contains(area.path("mine")), renameFailure.text)
        XCTAssertTrue(renameFailure.text.lowercased().contains("no such file"), renameFailure.text)

        let listing = await Workbench.answer(.list(path: area.path("absent"), listing: 1), on: files)
        guard case .listingFailed(1, _, let listFailure) = listing else { return XCTFail("\(listing)") }
        XCTAssertTrue(listFailure.text.contains(area.path("absent")), listFailure.text)
    }
}
