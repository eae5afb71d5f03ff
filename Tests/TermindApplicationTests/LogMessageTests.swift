import TermindApplication
import TermindDomain
import XCTest

final class LogMessageTests: XCTestCase {
    private let password = "s3cr3t-P@ss"

    func testInterpolatedSecretBecomesRedactionMarker() {
        let message: LogMessage = "password for deploy@db1 is \(Secret(password))"
        XCTAssertEqual(message.text, "password for deploy@db1 is <secret>")
        XCTAssertFalse(message.text.contains(password))
    }

    func testOptionalSecretIsRedactedAndAbsentOneSaysNil() {
        let present: Secret? = Secret(password)
        let absent: Secret? = nil
        let message: LogMessage = "a=\(present) b=\(absent)"
        XCTAssertEqual(message.text, "a=<secret> b=nil")
    }

    func testValueMarkedSecretAtCallSiteIsRedactedWhateverItsType() {
        let answer = "123456"
        let pin = 4321
        let message: LogMessage = "answer \(secret: answer), pin \(secret: pin), bytes \(secret: Array(password.utf8))"
        XCTAssertEqual(message.text, "answer <secret>, pin <secret>, bytes <secret>")
        XCTAssertFalse(message.text.contains(answer))
        XCTAssertFalse(message.text.contains("4321"))
    }

    func testOrdinaryInterpolationIsUnchanged() {
        let host = "db1.example.com"
        let port = 2222
        let ratio = 0.5
        let tags = ["prod", "eu"]
        let missing: String? = nil
        let message: LogMessage = "connect \(host):\(port) ratio \(ratio) tags \(tags) note \(missing as Any) done"
        XCTAssertEqual(
            message.text,
            "connect db1.example.com:2222 ratio 0.5 tags [\"prod\", \"eu\"] note nil done")
        XCTAssertEqual(LogMessage("plain").text, "plain")
        XCTAssertEqual(("literal only" as LogMessage).description, "literal only")
    }

    func testValueHoldingASecretPrintsRedacted() {
        struct Credentials { let user: String; let password: Secret }
        let message: LogMessage = "using \(Credentials(user: "deploy", password: Secret(password)))"
        XCTAssertTrue(message.text.contains("deploy"))
        XCTAssertTrue(message.text.contains("<secret>"))
        XCTAssertFalse(message.text.contains(password))
    }
}
