import TermindApplication
import TermindDomain
import XCTest
@testable import TermindPresentation

/// A remote program's OSC 52 clipboard write reaches the outer terminal only from a Host the
/// person allowed it for (off by default), and only as a well-formed request.
@MainActor
final class WorkbenchClipboardTests: WorkbenchTestCase {
    func testAClipboardWriteIsForwardedOnlyForAHostThatAllowsIt() async throws {
        var trusted = WorkbenchFixture.host("web")
        trusted.allowsClipboardWrites = true
        try await start(hosts: [trusted, WorkbenchFixture.host("db-primary", hostname: "10.0.0.2")])

        let web = try await openFromNavigator("web")
        web.shell.print("\u{1B}]52;c;aGVsbG8=\u{07}copied\r\n")
        await waitForScreen(containing: "copied")
        XCTAssertEqual(String(decoding: workbench.takeClipboardWrites(), as: UTF8.self), "\u{1B}]52;c;aGVsbG8=\u{07}")
        XCTAssertEqual(workbench.takeClipboardWrites(), [], "each request is forwarded once")

    }

    func testAClipboardWriteFromAHostLeftAtTheDefaultIsDropped() async throws {
        try await start()
        let db = try await openFromNavigator("db-primary")
        db.shell.print("\u{1B}]52;c;cm0gLXJmIC8K\u{07}denied\r\n")
        await waitForScreen(containing: "denied")
        XCTAssertEqual(workbench.takeClipboardWrites(), [], "a Host that does not allow it gets its request dropped")
    }

    func testOnlyWellFormedSetRequestsAreKept() {
        XCTAssertEqual(ClipboardRequest(osc: Array("52;c;aGk=".utf8))?.sequence, Array("\u{1B}]52;c;aGk=\u{07}".utf8))
        XCTAssertEqual(ClipboardRequest(osc: Array("52;;aGk=".utf8))?.sequence, Array("\u{1B}]52;c;aGk=\u{07}".utf8))
        XCTAssertNil(ClipboardRequest(osc: Array("52;c;?".utf8)), "a query would read the clipboard")
        XCTAssertNil(ClipboardRequest(osc: Array("52;c;aGk=\u{1B}[2J".utf8)), "only base64 may pass")
        XCTAssertNil(ClipboardRequest(osc: Array("52;x;aGk=".utf8)))
        XCTAssertNil(ClipboardRequest(osc: Array("7;file:///tmp".utf8)))
        XCTAssertNil(ClipboardRequest(osc: Array("52;c;".utf8) + [UInt8](repeating: UInt8(ascii: "A"), count: ClipboardRequest.maximumPayload + 4)))
    }
}
