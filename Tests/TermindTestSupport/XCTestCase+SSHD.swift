import XCTest

extension XCTestCase {
    /// A running `sshd` for this test, stopped when the test ends, even if it fails.
    /// `extra` adds sshd_config lines (e.g. `"AuthenticationMethods publickey,password"`).
    public func startSSHD(configure extra: String = "") throws -> SSHDServer {
        let server = try SSHDServer.start(configure: extra)
        addTeardownBlock { server.stop() }
        return server
    }
}
