@testable import TermindRemoteInfrastructure
import XCTest

/// Request ids and matching replies to them.
final class SFTPRequestTableTests: XCTestCase {
    func testEachRequestGetsAFreshIDAndRepliesMatchInAnyOrder() throws {
        var table = SFTPRequestTable<String>()
        let ids = (0..<5).map { table.register(.read, expecting: [.status, .data], entry: "read \($0)") }
        XCTAssertEqual(Set(ids).count, 5)
        XCTAssertEqual(try table.match(id: ids[3], type: .data), "read 3")
        XCTAssertEqual(try table.match(id: ids[0], type: .status), "read 0")
        XCTAssertEqual(try table.match(id: ids[4], type: .data), "read 4")
        XCTAssertEqual(table.count, 2)
    }

    func testAReplyToAnIDNotInFlightIsAProtocolViolation() throws {
        var table = SFTPRequestTable<Int>()
        let id = table.register(.stat, expecting: [.status, .attributes], entry: 1)
        _ = try table.match(id: id, type: .attrs)
        XCTAssertThrowsError(try table.match(id: id, type: .attrs)) { error in
            XCTAssertEqual((error as? SFTPWireError)?.detail,
                           "the server sent a ATTRS reply to request id \(id), which is not waiting for an answer")
        }
        XCTAssertThrowsError(try table.match(id: 999, type: .status))
    }

    func testAReplyOfTheWrongTypeIsAProtocolViolation() {
        var table = SFTPRequestTable<Int>()
        let id = table.register(.read, expecting: [.status, .data], entry: 1)
        XCTAssertThrowsError(try table.match(id: id, type: .handle)) { error in
            XCTAssertEqual((error as? SFTPWireError)?.detail, "the server answered a READ request (id \(id)) with HANDLE")
        }
    }

    func testUpdatingAndRemovingEntries() {
        var table = SFTPRequestTable<String>()
        let id = table.register(.close, expecting: .status, entry: "sent")
        XCTAssertTrue(table.update(id, to: "waiting"))
        XCTAssertEqual(table.entry(id), "waiting")
        XCTAssertEqual(table.remove(id), "waiting")
        XCTAssertFalse(table.update(id, to: "again"))
        _ = table.register(.close, expecting: .status, entry: "a")
        _ = table.register(.close, expecting: .status, entry: "b")
        XCTAssertEqual(table.removeAll().sorted(), ["a", "b"])
        XCTAssertTrue(table.isEmpty)
    }

    func testIDsWrapPastTheLargest() {
        var table = SFTPRequestTable<Int>(startingAfter: UInt32.max - 1)
        XCTAssertEqual(table.register(.stat, expecting: .status, entry: 0), UInt32.max)
        XCTAssertEqual(table.register(.stat, expecting: .status, entry: 1), 0)
        XCTAssertEqual(table.register(.stat, expecting: .status, entry: 2), 1)
        XCTAssertEqual(table.count, 3)
    }
}
