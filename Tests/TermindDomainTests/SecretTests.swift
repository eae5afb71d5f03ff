import TermindDomain
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
        XCTAssertEqual(secret.withBytes { $0 }, Array(value.utf8))
        XCTAssertEqual(secret.count, value.utf8.count)
        XCTAssertEqual(Secret(bytes: Array(value.utf8)), secret)
    }
}
