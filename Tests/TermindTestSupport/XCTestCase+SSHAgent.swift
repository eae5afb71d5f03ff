import XCTest

extension XCTestCase {
    /// A running `ssh-agent` for this test, stopped when the test ends, even if it fails.
    public func startSSHAgent() throws -> SSHAgent {
        let agent = try SSHAgent.start()
        addTeardownBlock { agent.stop() }
        return agent
    }
}
