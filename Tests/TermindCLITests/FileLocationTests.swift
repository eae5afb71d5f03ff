import XCTest

@testable import TermindCLI

/// `cp`, `ls`, `mkdir` and `rm` read their path arguments the way `scp` does.
final class FileLocationTests: XCTestCase {
    private func parse(_ text: String) throws -> FileLocation { try FileLocation(parsing: text) }

    func testHostColonPathIsRemote() throws {
        XCTAssertEqual(try parse("web:/srv/app"), .remote(destination: "web", path: "/srv/app"))
        XCTAssertEqual(try parse("deploy@10.0.0.5:logs/today.txt"), .remote(destination: "deploy@10.0.0.5", path: "logs/today.txt"))
    }

    func testAPortAfterTheHostBelongsToTheHost() throws {
        XCTAssertEqual(try parse("deploy@10.0.0.5:2222:/srv"), .remote(destination: "deploy@10.0.0.5:2222", path: "/srv"))
        XCTAssertEqual(try parse("[::1]:2222:/srv"), .remote(destination: "[::1]:2222", path: "/srv"))
        XCTAssertEqual(try parse("[::1]:/srv"), .remote(destination: "[::1]", path: "/srv"))
        XCTAssertEqual(try parse("root@[::1]:2222:/srv"), .remote(destination: "root@[::1]:2222", path: "/srv"))
        XCTAssertEqual(try parse("root@[fe80::1%eth0]:x"), .remote(destination: "root@[fe80::1%eth0]", path: "x"))
    }

    func testAnEmptyRemotePathIsTheHomeDirectory() throws {
        XCTAssertEqual(try parse("web:"), .remote(destination: "web", path: "."))
    }

    func testPathsWithASlashBeforeAnyColonAreLocal() throws {
        XCTAssertEqual(try parse("/tmp/a:b"), .local("/tmp/a:b"))
        XCTAssertEqual(try parse("./web:x"), .local("./web:x"))
        XCTAssertEqual(try parse("dir/a:b"), .local("dir/a:b"))
        XCTAssertEqual(try parse("notes.txt"), .local("notes.txt"))
        XCTAssertEqual(try parse("~/notes.txt"), .local("~/notes.txt"))
    }

    func testMalformedArgumentsAreUsageErrors() {
        XCTAssertThrowsError(try parse(":/srv")) { XCTAssertTrue(String(describing: $0).contains("no host"), "\($0)") }
        XCTAssertThrowsError(try parse("[::1/srv")) { XCTAssertTrue(String(describing: $0).contains("']'"), "\($0)") }
        XCTAssertThrowsError(try parse(""))
    }
}
