import Foundation
import Synchronization
import TermindApplication
import TermindDomain
import TermindTestDoubles
import XCTest

final class MCPHostConnectionsTests: XCTestCase {
    private final class Attempts: Sendable {
        let labels = Mutex<[String]>([])
    }

    /// An agent names a Host; only a Vault label is ever connected to. An ad-hoc address or an
    /// option-looking name (`-oProxyCommand=...`) connects nowhere.
    func testOnlyAVaultLabelIsConnectedToNeverAnAddressOrAnOption() async throws {
        let web = try TermindDomain.Host(label: try Label("web"), hostname: "example.net")
        let attempts = Attempts()
        let hosts = MCPHostConnections(vault: InMemoryVaultStore(VaultSnapshot(hosts: [web]))) { label in
            attempts.labels.withLock { $0.append(label) }
            return InertConnection(label: label)
        }
        let tool = SSHExecTool(hosts: hosts)
        for named in ["-oProxyCommand=touch /tmp/pwned", "root@10.0.0.1:22", "web\n", "web; id"] {
            let result = await tool.call(MCPArguments(["host": .string(named), "command": "id"]))
            XCTAssertTrue(result.isError)
            XCTAssertTrue(result.text.hasPrefix("No Host labelled"), result.text)
            XCTAssertFalse(result.text.contains("\n"), "the name is shown escaped: \(result.text)")
        }
        XCTAssertEqual(attempts.labels.withLock { $0 }, [])
        let known = await tool.call(MCPArguments(["host": "web", "command": "id"]))
        XCTAssertTrue(known.isError, "the inert connection opens no channel")
        XCTAssertEqual(attempts.labels.withLock { $0 }, ["web"])
    }

    func testAHostThatNeedsThePersonSaysWhatThePersonMustDo() async throws {
        for (kind, expected) in [
            (SSHFailure.Kind.hostKeyUnknown, "The person must trust the Host's key first"),
            (.interactionRequired, "Termind never asks the agent for secrets"),
            (.hostKeyChanged, "differs from the trusted one"),
        ] {
            let failure = MCPHostConnections.failure(connecting: "web", SSHFailure(kind, connection: "web", detail: "what happened"))
            XCTAssertTrue(failure.message.contains("what happened. "), failure.message)
            XCTAssertTrue(failure.message.contains(expected), failure.message)
        }
    }
}
