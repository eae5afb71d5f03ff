import Foundation
import TermindDomain
import XCTest

private typealias Host = TermindDomain.Host

final class JumpChainTests: XCTestCase {
    private func host(_ label: String, through hops: [Host] = []) throws -> Host {
        try Host(label: Label(label), hostname: "\(label).example.com", jumpChain: hops.map(\.id))
    }

    func testAHopThatIsNotInTheVaultIsNamed() throws {
        let ghost = UUID()
        var web = try host("web")
        web.jumpChain = [ghost]
        XCTAssertViolation(try JumpChain.validate(web, among: [web]), .jumpHostMissing(host: "web", hop: ghost.uuidString))
    }

    func testAMissingHopFurtherDownTheChainNamesTheHostWhoseChainIsBroken() throws {
        let ghost = UUID()
        var bastion = try host("bastion")
        bastion.jumpChain = [ghost]
        let web = try host("web", through: [bastion])
        XCTAssertViolation(
            try JumpChain.validate(web, among: [bastion]), .jumpHostMissing(host: "bastion", hop: ghost.uuidString))
    }

    func testCheckingManyHostsAtOnceFindsACycleAmongThemAndAcceptsChainsIntoTheVault() throws {
        let bastion = try host("bastion")
        let web = try host("web", through: [bastion])
        var a = try host("a")
        let b = try host("b", through: [a])
        XCTAssertNoThrow(try JumpChain.validate([web, a, b], among: [bastion]))
        a.jumpChain = [b.id]
        XCTAssertViolation(try JumpChain.validate([web, a, b], among: [bastion]), .jumpChainCycle(host: "a", cycle: ["a", "b", "a"]))
    }

    func testAHostCannotJumpThroughItself() throws {
        var web = try host("web")
        web.jumpChain = [web.id]
        XCTAssertViolation(try JumpChain.validate(web, among: [web]), .jumpChainCycle(host: "web", cycle: ["web", "web"]))
    }

    func testATwoHostCycleIsReportedInTheOrderItLoops() throws {
        var a = try host("a")
        let b = try host("b", through: [a])
        a.jumpChain = [b.id]
        XCTAssertViolation(try JumpChain.validate(a, among: [a, b]), .jumpChainCycle(host: "a", cycle: ["a", "b", "a"]))
        XCTAssertViolation(try JumpChain.validate(b, among: [a, b]), .jumpChainCycle(host: "b", cycle: ["b", "a", "b"]))
    }

    func testAThreeHostCycleIsReportedInTheOrderItLoops() throws {
        var a = try host("a")
        let c = try host("c", through: [a])
        let b = try host("b", through: [c])
        a.jumpChain = [b.id]
        let hosts = [a, b, c]
        XCTAssertViolation(try JumpChain.validate(a, among: hosts), .jumpChainCycle(host: "a", cycle: ["a", "b", "c", "a"]))
        XCTAssertViolation(try JumpChain.validate(c, among: hosts), .jumpChainCycle(host: "c", cycle: ["c", "a", "b", "c"]))
        XCTAssertThrowsError(try JumpChain.validate(a, among: hosts)) { error in
            XCTAssertEqual("\(error)", "Host 'a' has a jump chain that loops: a → b → c → a; take one of those hops out")
        }
    }

    func testACycleBehindTheFirstHopIsReportedForTheHostBeingChecked() throws {
        var a = try host("a")
        let b = try host("b", through: [a])
        a.jumpChain = [b.id]
        let web = try host("web", through: [a])
        XCTAssertViolation(
            try JumpChain.validate(web, among: [a, b]), .jumpChainCycle(host: "web", cycle: ["a", "b", "a"]))
    }

    func testTheEditedHostIsCheckedInPlaceOfItsStoredVersion() throws {
        let a = try host("a")
        let b = try host("b", through: [a])
        var editedA = a
        editedA.jumpChain = [b.id]
        XCTAssertNoThrow(try JumpChain.validate(a, among: [a, b]))
        XCTAssertViolation(
            try JumpChain.validate(editedA, among: [a, b]), .jumpChainCycle(host: "a", cycle: ["a", "b", "a"]))
    }

    func testADiamondSharingAHopTwiceIsNotACycle() throws {
        let d = try host("d")
        let b = try host("b", through: [d])
        let c = try host("c", through: [d])
        let a = try host("a", through: [b, c])
        XCTAssertNoThrow(try JumpChain.validate(a, among: [a, b, c, d]))
        XCTAssertNoThrow(try JumpChain.validate(a, among: [b, c, d]))
    }

    func testAHostNotYetInTheVaultCanJumpThroughOnesThatAre() throws {
        let bastion = try host("bastion")
        XCTAssertNoThrow(try JumpChain.validate(try host("web", through: [bastion]), among: [bastion]))
        XCTAssertNoThrow(try JumpChain.validate(try host("alone"), among: []))
    }

    func testExpandedHopsPutEachHopsOwnChainBeforeIt() throws {
        let outer = try host("outer")
        let bastion = try host("bastion", through: [outer])
        let inner = try host("inner")
        let web = try host("web", through: [bastion, inner])
        let hosts = [outer, bastion, inner, web]
        XCTAssertEqual(JumpChain.expandedHops(of: web, among: hosts).map(\.label.rawValue), ["outer", "bastion", "inner"])
        XCTAssertEqual(JumpChain.expandedHops(of: bastion, among: hosts).map(\.label.rawValue), ["outer"])
        XCTAssertEqual(JumpChain.expandedHops(of: outer, among: hosts), [])
    }

    func testExpandedHopsFollowAChainThreeDeep() throws {
        let first = try host("first")
        let second = try host("second", through: [first])
        let third = try host("third", through: [second])
        let web = try host("web", through: [third])
        XCTAssertEqual(
            JumpChain.expandedHops(of: web, among: [web, third, second, first]).map(\.label.rawValue),
            ["first", "second", "third"])
    }
}
