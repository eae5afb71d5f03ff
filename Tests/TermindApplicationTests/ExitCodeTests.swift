import TermindApplication
import XCTest

/// The exit-status table as scripts read it.
final class ExitCodeTests: XCTestCase {
    func testEveryCategoryIsKebabCaseAndNamesOneStatus() {
        let categories = ExitCode.allCases.map(\.category)
        for category in categories {
            XCTAssertNotNil(category.range(of: "^[a-z]+(-[a-z]+)*$", options: .regularExpression), "\(category) is not kebab-case")
        }
        XCTAssertEqual(Set(categories).count, categories.count, "two statuses share a category")
        XCTAssertEqual(ExitCode.vaultUnavailable.category, "vault-unavailable")
    }

    func testAConnectionFailuresCategoryIsItsStatussCategory() {
        XCTAssertEqual(SSHFailure(.hostKeyChanged, connection: "web", detail: "x").category, "host-key-changed")
        XCTAssertEqual(SSHFailure(.timeout, connection: "web", detail: "x").category, "connection")
    }
}
