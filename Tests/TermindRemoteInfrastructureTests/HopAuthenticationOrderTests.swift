@testable import TermindRemoteInfrastructure
import TermindApplication
import TermindDomain
import XCTest

/// The order of authentication methods (docs/behaviour.md §2) and which apply to what a server offers.
final class HopAuthenticationOrderTests: XCTestCase {
    private typealias Method = HopAuthentication.Method

    private func key(_ label: String) -> Credential {
        .key(label: label, privateKey: Secret("key"), passphrase: nil, isEncrypted: false, algorithm: .ed25519)
    }

    private func names(_ methods: [Method]) -> [String] {
        methods.map { method in
            switch method {
            case .key(let index): "key\(index)"
            case .agent: "agent"
            case .password(let secret): secret == nil ? "ask-password" : "password"
            case .keyboardInteractive: "kbd"
            }
        }
    }

    func testKeysThenAgentThenPasswordThenKeyboardInteractive() {
        let plan = ConnectionPlan(label: "h", hostname: "h", port: 22, username: "u",
                                  credentials: [.password(Secret("pw")), key("a"), key("b")], useAgent: true)
        XCTAssertEqual(names(HopAuthentication.methods(for: plan, agentSocketPath: "/agent")),
                       ["key1", "key2", "agent", "password", "kbd"])
    }

    func testNoAgentWithoutASocketOrWhenThePlanSaysNo() {
        let plan = ConnectionPlan(label: "h", hostname: "h", port: 22, username: "u", credentials: [], useAgent: true)
        XCTAssertEqual(names(HopAuthentication.methods(for: plan, agentSocketPath: nil)), ["ask-password", "kbd"])
        let noAgent = ConnectionPlan(label: "h", hostname: "h", port: 22, username: "u", credentials: [], useAgent: false)
        XCTAssertEqual(names(HopAuthentication.methods(for: noAgent, agentSocketPath: "/agent")), ["ask-password", "kbd"])
    }

    func testOnlyWhatTheServerOffersApplies() {
        XCTAssertTrue(HopAuthentication.isApplicable(.key(index: 0), offered: ["publickey"]))
        XCTAssertFalse(HopAuthentication.isApplicable(.key(index: 0), offered: ["password"]))
        XCTAssertTrue(HopAuthentication.isApplicable(.password(Secret("pw")), offered: ["password", "keyboard-interactive"]))
        XCTAssertTrue(HopAuthentication.isApplicable(.keyboardInteractive, offered: ["keyboard-interactive"]))
    }

    func testAPasswordIsAskedForOnlyWhenKeyboardInteractiveIsNotOffered() {
        XCTAssertTrue(HopAuthentication.isApplicable(.password(nil), offered: ["publickey", "password"]))
        XCTAssertFalse(HopAuthentication.isApplicable(.password(nil), offered: ["password", "keyboard-interactive"]))
    }

    func testOnlyAFailedAuthenticationOrAnUnverifiedSignatureIsTheServerRefusingAKey() {
        XCTAssertTrue(HopAuthentication.isRefusal(.authenticationFailed))
        XCTAssertTrue(HopAuthentication.isRefusal(.publicKeyUnverified))
        XCTAssertFalse(HopAuthentication.isRefusal(.file))
        XCTAssertFalse(HopAuthentication.isRefusal(nil))
    }

    func testJumpsOfJumpsComeFirst() {
        let inner = ConnectionPlan(label: "inner", hostname: "i", port: 22, username: "u", credentials: [])
        let outer = ConnectionPlan(label: "outer", hostname: "o", port: 22, username: "u", credentials: [], jumps: [inner])
        let second = ConnectionPlan(label: "second", hostname: "s", port: 22, username: "u", credentials: [])
        let target = ConnectionPlan(label: "target", hostname: "t", port: 22, username: "u", credentials: [], jumps: [outer, second])
        XCTAssertEqual(LibSSH2Connector.chain(of: target).map(\.label), ["inner", "outer", "second", "target"])
    }
}
