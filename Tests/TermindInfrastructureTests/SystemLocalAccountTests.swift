import Foundation
import TermindApplication
import TermindInfrastructure
import XCTest

final class SystemLocalAccountTests: XCTestCase {
    /// A uid the user database has no entry for, as a container's arbitrary uid.
    private let unlisted: uid_t = 3_999_999

    func testTheUserDatabaseNamesTheAccountBeforeTheEnvironment() throws {
        let account = SystemLocalAccount(environment: ["USER": "someone-else", "LOGNAME": "another"], userID: 0)
        XCTAssertEqual(try account.userName(), "root")
    }

    func testAUidWithoutAnEntryIsNamedByUserThenLogname() throws {
        XCTAssertEqual(try SystemLocalAccount(environment: ["USER": "alice", "LOGNAME": "bob"], userID: unlisted).userName(), "alice")
        XCTAssertEqual(try SystemLocalAccount(environment: ["USER": "", "LOGNAME": "bob"], userID: unlisted).userName(), "bob")
    }

    func testAUidWithoutAnEntryOrVariablesFailsNamingTheUidAndTheRemedy() {
        XCTAssertThrowsError(try SystemLocalAccount(environment: [:], userID: unlisted).userName()) { error in
            XCTAssertEqual(error as? LocalAccountUnknown, LocalAccountUnknown(userID: Int(unlisted)))
            let text = String(describing: error)
            XCTAssertTrue(text.contains("uid 3999999") && text.contains("-l USER"), text)
        }
    }

    func testTheHostNameIsTheKernels() throws {
        let kernel = try String(contentsOfFile: "/proc/sys/kernel/hostname", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(SystemLocalAccount(environment: [:]).hostName(), kernel)
    }

    func testTheHomeIsAnAbsoluteHomeVariableElseTheAccounts() {
        XCTAssertEqual(SystemLocalAccount(environment: ["HOME": "/srv/elsewhere"]).homeDirectory, "/srv/elsewhere")
        let accounts = FileManager.default.homeDirectoryForCurrentUser.path
        XCTAssertEqual(SystemLocalAccount(environment: ["HOME": "relative/home"]).homeDirectory, accounts)
    }
}
