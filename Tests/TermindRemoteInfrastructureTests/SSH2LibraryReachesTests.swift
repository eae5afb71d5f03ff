@testable import TermindRemoteInfrastructure
import XCTest

/// `SSH2LibraryReaches`: which reaches inside a library a process uses, from its environment
/// and the guards' findings, and what a guard says when it turns one off.
final class SSH2LibraryReachesTests: XCTestCase {
    private func decide(_ environment: [String: String] = [:], selfTest: Bool = true, version: String = "1.10.0")
        -> (reaches: SSH2LibraryReaches, selfTestRan: Bool)
    {
        var ran = false
        let reaches = SSH2LibraryReaches.decide(environment: environment, selfTest: { ran = true; return selfTest }, libssh2Version: version)
        return (reaches, ran)
    }

    func testBothAreOnWhenNothingTurnsThemOff() {
        let (reaches, ran) = decide()
        XCTAssertEqual(reaches, SSH2LibraryReaches(keystream: true, channelRearm: true, warnings: []))
        XCTAssertTrue(ran)
        // A value that does not say yes leaves a reach on.
        XCTAssertEqual(decide(["TERMIND_NO_KEYSTREAM": "0", "TERMIND_NO_CHANNEL_REARM": ""]).reaches, reaches)
    }

    func testTheVariablesTurnEachOffWithoutAWarningOrTheSelfTest() {
        let (keystreamOff, ran) = decide(["TERMIND_NO_KEYSTREAM": "1"])
        XCTAssertEqual(keystreamOff, SSH2LibraryReaches(keystream: false, channelRearm: true, warnings: []))
        XCTAssertFalse(ran, "a keystream turned off is not tested")
        XCTAssertEqual(decide(["TERMIND_NO_CHANNEL_REARM": "yes"]).reaches,
                       SSH2LibraryReaches(keystream: true, channelRearm: false, warnings: []))
        XCTAssertEqual(decide(["TERMIND_NO_CHANNEL_REARM": "TRUE"], version: "1.11.0").reaches,
                       SSH2LibraryReaches(keystream: true, channelRearm: false, warnings: []), "turned off already: nothing to warn of")
    }

    func testAFailedSelfTestTurnsTheKeystreamOffAndSaysSo() {
        let reaches = decide(selfTest: false).reaches
        XCTAssertFalse(reaches.keystream)
        XCTAssertTrue(reaches.channelRearm)
        XCTAssertEqual(reaches.warnings.count, 1)
        XCTAssertTrue(reaches.warnings[0].contains("self-test") && reaches.warnings[0].contains("TERMIND_NO_KEYSTREAM"), reaches.warnings[0])
    }

    func testAnotherLibssh2TurnsTheRearmOffAndSaysSo() {
        let reaches = decide(version: "1.11.0").reaches
        XCTAssertTrue(reaches.keystream)
        XCTAssertFalse(reaches.channelRearm)
        XCTAssertEqual(reaches.warnings.count, 1)
        XCTAssertTrue(reaches.warnings[0].contains("libssh2 1.11.0 is not 1.10.0"), reaches.warnings[0])
    }
}
