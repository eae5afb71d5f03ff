import TermindInfrastructure
import XCTest

final class XDGPathsTests: XCTestCase {
    private let home = "/home/ada"

    func testDefaultsFollowTheXDGSpecification() {
        let paths = XDGPaths(environment: [:], homeDirectory: home)
        XCTAssertEqual(paths.dataDirectory, "/home/ada/.local/share/termind")
        XCTAssertEqual(paths.configDirectory, "/home/ada/.config/termind")
        XCTAssertEqual(paths.stateDirectory, "/home/ada/.local/state/termind")
        XCTAssertEqual(paths.databaseFile, "/home/ada/.local/share/termind/termind.db")
        XCTAssertEqual(paths.vaultKeyFile, "/home/ada/.config/termind/vault.key")
        XCTAssertEqual(paths.logFile, "/home/ada/.local/state/termind/termind.log")
    }

    func testXDGVariablesMoveEachDirectory() {
        let paths = XDGPaths(
            environment: ["XDG_DATA_HOME": "/data", "XDG_CONFIG_HOME": "/cfg/", "XDG_STATE_HOME": "/var/state"],
            homeDirectory: home)
        XCTAssertEqual(paths.databaseFile, "/data/termind/termind.db")
        XCTAssertEqual(paths.vaultKeyFile, "/cfg/termind/vault.key")
        XCTAssertEqual(paths.logFile, "/var/state/termind/termind.log")
    }

    func testRelativeOrEmptyXDGVariablesAreIgnored() {
        let paths = XDGPaths(
            environment: ["XDG_DATA_HOME": "data", "XDG_CONFIG_HOME": "", "XDG_STATE_HOME": "./state"],
            homeDirectory: home)
        XCTAssertEqual(paths, XDGPaths(environment: [:], homeDirectory: home))
    }

    func testTermindHomeBeatsXDGDataHome() {
        let paths = XDGPaths(
            environment: ["TERMIND_HOME": "/srv/termind", "XDG_DATA_HOME": "/data"], homeDirectory: home)
        XCTAssertEqual(paths.dataDirectory, "/srv/termind")
        XCTAssertEqual(paths.databaseFile, "/srv/termind/termind.db")
        // Only the data directory moves: the key and the log stay where XDG puts them.
        XCTAssertEqual(paths.vaultKeyFile, "/home/ada/.config/termind/vault.key")
    }

    func testDataDirOptionBeatsTermindHomeAndXDG() {
        let paths = XDGPaths(
            environment: ["TERMIND_HOME": "/srv/termind", "XDG_DATA_HOME": "/data"], homeDirectory: home,
            dataDirectoryOverride: "/tmp/vault")
        XCTAssertEqual(paths.databaseFile, "/tmp/vault/termind.db")
    }

    func testRelativeOrTildeOverridesResolveAgainstCurrentAndHomeDirectories() {
        XCTAssertEqual(
            XDGPaths(environment: [:], homeDirectory: home, currentDirectory: "/work", dataDirectoryOverride: "vault/../v2")
                .dataDirectory,
            "/work/v2")
        XCTAssertEqual(
            XDGPaths(environment: ["TERMIND_HOME": "~/termind"], homeDirectory: home).dataDirectory,
            "/home/ada/termind")
        XCTAssertEqual(
            XDGPaths(environment: ["TERMIND_HOME": ""], homeDirectory: home, dataDirectoryOverride: "").dataDirectory,
            "/home/ada/.local/share/termind")
    }

    func testCurrentProcessPathsAreAbsolute() {
        let paths = XDGPaths.current()
        for path in [paths.databaseFile, paths.vaultKeyFile, paths.logFile] {
            XCTAssertTrue(path.hasPrefix("/"), path)
        }
    }
}
