import Foundation
import TermindTestSupport
import XCTest

/// `LocalForward`, `RemoteForward` and `DynamicForward` in `~/.ssh/config` become the imported
/// Host's forwarding rules, enabled; a Unix socket's forwarding is not imported.
final class ImportForwardsEndToEndTests: XCTestCase {
    func testForwardingsInSSHConfigBecomeTheHostsEnabledRules() throws {
        let home = try VaultHome()
        let ssh = home.path + "/.ssh"
        try FileManager.default.createDirectory(atPath: ssh, withIntermediateDirectories: true)
        try """
            Host tunnels
              HostName tunnels.example.net
              LocalForward 8080 localhost:80
              LocalForward 127.0.0.1:5433 [::1]:5432
              RemoteForward 9000 127.0.0.1:3000
              DynamicForward 1080
              LocalForward /tmp/termind-socket.sock /run/app.sock
            """.write(toFile: ssh + "/config", atomically: true, encoding: .utf8)
        try home.succeed(["import", "--hosts", "tunnels"])
        let shown = try XCTUnwrap(try home.json(["hosts", "show", "tunnels"]) as? [String: Any])
        let forwards = try XCTUnwrap(shown["forwards"] as? [[String: Any]])
        XCTAssertEqual(forwards.map { $0["rule"] as? String },
                       ["L 8080:localhost:80", "L 127.0.0.1:5433:[::1]:5432", "R 9000:127.0.0.1:3000", "D 1080"])
        XCTAssertEqual(forwards.map { $0["enabled"] as? Bool }, [true, true, true, true])
    }
}
