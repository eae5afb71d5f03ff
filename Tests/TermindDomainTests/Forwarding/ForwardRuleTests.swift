import TermindDomain
import XCTest

final class ForwardRuleTests: XCTestCase {
    func testLocalRuleWithoutABindAddressListensOnLoopbackByDefault() throws {
        let rule = try ForwardRule(.local, parsing: "8080:localhost:80")
        XCTAssertEqual(rule, ForwardRule(kind: .local, bindAddress: nil, bindPort: 8080, targetHost: "localhost", targetPort: 80))
        XCTAssertEqual(rule.description, "-L 8080:localhost:80")
    }

    func testBracketedIPv6AddressesKeepTheirColons() throws {
        let rule = try ForwardRule(.remote, parsing: "[::1]:9000:[fe80::1]:22")
        XCTAssertEqual(rule.bindAddress, "::1")
        XCTAssertEqual(rule.targetHost, "fe80::1")
        XCTAssertEqual(rule.specification, "[::1]:9000:[fe80::1]:22")
    }

    func testDynamicRuleTakesAnOptionalBindAddressAndPortZeroMeansAnyPort() throws {
        XCTAssertEqual(try ForwardRule(.dynamic, parsing: "1080").bindPort, 1080)
        let bound = try ForwardRule(.dynamic, parsing: "*:0")
        XCTAssertEqual(bound.bindAddress, "*")
        XCTAssertEqual(bound.bindPort, 0)
    }

    func testMalformedRulesNameTheRuleAndWhatIsWrong() {
        let cases: [(ForwardRule.Kind, String, String)] = [
            (.local, "80:localhost", "-L takes"), (.local, "99999:h:80", "not a port"), (.local, "80:h:0", "the target port"),
            (.remote, "1:[::1:2", "not closed"), (.dynamic, "a:b:c", "-D takes"), (.local, "8080::80", "target host is empty"),
            (.local, ":8080:h:80", "bind address is empty"), (.local, String(repeating: "9", count: 5000), "too long"),
        ]
        for (kind, text, reason) in cases {
            XCTAssertThrowsError(try ForwardRule(kind, parsing: text)) { error in
                XCTAssertTrue(String(describing: error).contains(reason), "\(text): \(error)")
            }
        }
    }
}
