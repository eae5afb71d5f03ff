@testable import TermindRemoteInfrastructure
import TermindApplication
import XCTest

final class SSHFailureMappingTests: XCTestCase {
    func testEverySSH2ErrorKindHasACategoryAndKeepsItsSentence() {
        let expected: [SSH2Error.Kind: SSHFailure.Kind] = [
            .resolve: .resolve, .connect: .connect, .timeout: .timeout, .handshake: .handshake, .hostKey: .handshake,
            .authentication: .authentication, .channel: .channel, .disconnected: .dropped, .session: .dropped,
        ]
        for kind in SSH2Error.Kind.allCases {
            let error = SSH2Error(kind: kind, operation: "SSH handshake", message: "boom", code: -1, host: "h", port: 22)
            let failure = SSHFailure.from(error, connection: "label")
            XCTAssertEqual(failure.kind, expected[kind], "\(kind)")
            XCTAssertEqual(failure.connection, "label")
            XCTAssertEqual(failure.detail, error.description)
        }
    }

    func testInteractionOutcomesBecomeTheirCategories() {
        XCTAssertEqual(SSHFailure.from(CancellationError(), connection: "c").kind, .cancelled)
        let required = InteractionRequired(need: "the passphrase of Key 'k'", remedy: "store it")
        let failure = SSHFailure.from(required, connection: "c")
        XCTAssertEqual(failure.kind, .interactionRequired)
        XCTAssertEqual(failure.detail, required.description)
        let original = SSHFailure(.hostKeyChanged, connection: "c", detail: "changed")
        XCTAssertEqual(SSHFailure.from(original, connection: "other"), original)
    }
}
