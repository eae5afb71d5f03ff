import TermindDomain
import XCTest

final class VaultRuleViolationTests: XCTestCase {
    func testInvalidPortSaysTheRangeToUse() {
        XCTAssertEqual(VaultRuleViolation.invalidPort(0).description, "port 0 is out of range: use 1 to 65535")
    }

    func testInvalidLabelAndHostnameQuoteTheTextAndGiveTheReason() {
        XCTAssertEqual(
            VaultRuleViolation.invalidLabel("-web", reason: "a label cannot start with '-'").description,
            "'-web' is not a valid label: a label cannot start with '-'")
        XCTAssertEqual(
            VaultRuleViolation.invalidHostname("", reason: "the hostname cannot be empty").description,
            "'' is not a valid hostname: the hostname cannot be empty")
    }

    func testDuplicateLabelSaysToPickAnotherOrEditTheExistingOne() {
        XCTAssertEqual(
            VaultRuleViolation.duplicateLabel(kind: .host, label: "web").description,
            "a Host labelled 'web' already exists; pick another label or edit that one")
    }

    func testMissingRecordNamesTheCommandThatListsThatKind() {
        XCTAssertEqual(
            VaultRuleViolation.missingRecord(kind: .identity, label: "deploy").description,
            "no Identity labelled 'deploy'; 'termind identities list' shows them")
        for kind in VaultRecordKind.allCases {
            let text = VaultRuleViolation.missingRecord(kind: kind, label: "x").description
            XCTAssertTrue(text.contains("no \(kind.singular) labelled 'x'"), text)
            XCTAssertTrue(text.hasSuffix("'termind \(kind.command) list' shows them"), text)
        }
        XCTAssertEqual(
            VaultRuleViolation.missingRecord(kind: .knownHost, label: "web").description,
            "no Known Host labelled 'web'; 'termind known-hosts list' shows them")
    }

    func testRecordInUseNamesItsUsersAndOffersRebindingOrForce() {
        XCTAssertEqual(
            VaultRuleViolation.recordInUse(kind: .key, label: "deploy-ed25519", usedBy: ["Identity 'deploy'", "Identity 'ops'"])
                .description,
            "the Key 'deploy-ed25519' is used by Identity 'deploy', Identity 'ops'; "
                + "rebind those first, or pass --force to unbind them")
    }

    func testJumpChainProblemsNameTheHostAndTheHops() {
        XCTAssertEqual(
            VaultRuleViolation.jumpHostMissing(host: "web", hop: "bastoin").description,
            "Host 'web' jumps through 'bastoin', which is not a Host in the Vault; add that Host first or fix --jump")
        XCTAssertEqual(
            VaultRuleViolation.jumpChainCycle(host: "web", cycle: ["a", "b", "a"]).description,
            "Host 'web' has a jump chain that loops: a → b → a; take one of those hops out")
    }

    func testEmptyUsernameSaysAnIdentityNeedsOne() {
        XCTAssertEqual(VaultRuleViolation.emptyUsername.description, "an Identity needs a username: give one with --user")
    }
}
