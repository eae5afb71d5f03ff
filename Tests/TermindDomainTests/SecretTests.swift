@testable import TermindDomain
import XCTest

final class SecretTests: XCTestCase {
    private let value = "hunter2-correct-horse"

    func testEveryPrintedFormShowsOnlyTheRedactionMarker() {
        let secret = Secret(value)
        XCTAssertEqual(secret.description, "<secret>")
        XCTAssertEqual(secret.debugDescription, "<secret>")
        XCTAssertEqual(String(describing: secret), "<secret>")
        XCTAssertEqual(String(reflecting: secret), "<secret>")
        XCTAssertEqual("\(secret)", "<secret>")
    }

    func testDumpShowsNoValue() {
        var dumped = ""
        dump(Secret(value), to: &dumped)
        XCTAssertFalse(dumped.contains(value), dumped)
        XCTAssertTrue(dumped.contains("<secret>"), dumped)
    }

    func testSecretInsideOtherValuesStaysRedacted() {
        struct Login { let user: String; let password: Secret }
        let login = Login(user: "deploy", password: Secret(value))
        let optional: Secret? = Secret(value)
        var dumped = ""
        dump(login, to: &dumped)
        for printed in [
            String(describing: login), String(reflecting: login), "\(login)", dumped,
            String(describing: [Secret(value)]), String(describing: optional as Any),
            String(describing: ["password": Secret(value)]),
        ] {
            XCTAssertFalse(printed.contains(value), printed)
        }
        XCTAssertTrue(String(describing: login).contains("deploy"))
        XCTAssertTrue(String(describing: login).contains("<secret>"))
    }

    func testRevealedAndBytesReturnTheValueForTheCallThatSendsIt() {
        let secret = Secret(value)
        XCTAssertEqual(secret.revealed, value)
        XCTAssertEqual(secret.withBytes { Array($0) }, Array(value.utf8))
        XCTAssertEqual(secret.count, value.utf8.count)
        XCTAssertEqual(Secret(bytes: Array(value.utf8)), secret)
    }

    func testTheBytesAreZeroedWhenTheLastCopyIsReleased() {
        var seen: [UInt8]?
        do {
            let secret = Secret(bytes: Array(value.utf8)) { seen = Array($0) }
            let copy = secret
            XCTAssertEqual(copy.count, value.utf8.count)
            withExtendedLifetime(secret) {}
            XCTAssertNil(seen, "released while a copy still held it")
        }
        let released = try? XCTUnwrap(seen)
        XCTAssertEqual(released?.count, value.utf8.count + 1, "the bytes and their NUL")
        XCTAssertTrue(released?.allSatisfy { $0 == 0 } ?? false, "left unwiped: \(released ?? [])")
    }

    func testTakingBytesZeroesTheCallersCopy() {
        var line = Array(value.utf8)
        let secret = Secret(wiping: &line)
        XCTAssertEqual(line, Array(repeating: 0, count: value.utf8.count))
        XCTAssertEqual(secret.revealed, value)
    }

    func testTheCStringIsTheBytesFollowedByANul() {
        let secret = Secret(value)
        XCTAssertEqual(secret.withCString { String(cString: $0) }, value)
        XCTAssertEqual(Secret("").withCString { $0.pointee }, 0, "an empty secret still has an address")
    }

    func testSecretsWithTheSameBytesAreEqual() {
        XCTAssertEqual(Secret(value), Secret(bytes: Array(value.utf8)))
        XCTAssertNotEqual(Secret(value), Secret(value + "!"))
    }
}
