import XCTest

extension XCTestCase {
    /// A running scripted asyncssh server for this test, stopped when the test ends, even if it
    /// fails.
    public func startAsyncSSH(_ scenario: AsyncSSHScenario) throws -> AsyncSSHServer {
        let server = try AsyncSSHServer.start(scenario)
        addTeardownBlock { server.stop() }
        return server
    }
}
