import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest
@testable import TermindPresentation

/// A Host's forwards in the workbench (docs/behaviour.md §2): its enabled rules start on its
/// first pane's connection, once; the overlay (`C-\ F`) shows each rule's state, connections and
/// bytes, and turns one off or on for the run; a rule that cannot listen fails alone; after a
/// lost connection and a reconnect the rules listen again. Hostile text is shown escaped.
@MainActor
final class WorkbenchForwardsTests: WorkbenchTestCase {
    private let web = try! ForwardRule(parsingStored: "L 127.0.0.1:8080:localhost:80")
    private let socks = try! ForwardRule(parsingStored: "D 1080")
    private let admin = try! ForwardRule(parsingStored: "L 9090:localhost:9090")

    private func startWithForwards(shares: Bool = true) async throws {
        var host = WorkbenchFixture.host("web", shares: shares)
        host.forwards = [HostForward(rule: web), HostForward(rule: socks), HostForward(rule: admin, enabled: false)]
        try await start(hosts: [host, WorkbenchFixture.host("db-primary", hostname: "10.0.0.2")])
    }

    /// The overlay's line for `text` (a rule as it shows), or "".
    private func line(showing text: String) -> String { screen.first { $0.contains(text) } ?? "" }

    func testAHostsEnabledRulesStartOnItsFirstPanesConnectionOnce() async throws {
        try await startWithForwards()
        let connection = try await openFromNavigator("web")
        await eventually("the enabled rules listen", showing: screenReport) { connection.forwarding.listening.count == 2 }
        XCTAssertEqual(Set(connection.forwarding.asked), [web, socks], "the disabled rule does not start (the two start at once, in either order)")
        XCTAssertEqual(connection.forwarding.asked.count, 2)
        prefixed(.character("%"))
        await eventually("the split's shell opened", showing: screenReport) { connection.shells.count == 2 }
        XCTAssertEqual(connection.forwarding.asked.count, 2, "a second pane of the Host starts nothing more")
    }

    /// `web` connected with its enabled rules listening, the workbench watching the Vault.
    private func webListeningWithTheVaultWatched() async throws -> ScriptedConnection {
        try await startWithForwards()
        services.vaultCounter.withLock { $0 = 0 }
        workbench.watchVault()  // the counter exists now
        // It has read the counter as it was, and waits for the next poll (the test's clock).
        await eventually("the watch waits for its poll") { self.services.testClock.sleeperCount == 1 }
        let connection = try await openFromNavigator("web")
        await eventually("the enabled rules listen", showing: screenReport) { connection.forwarding.listening.count == 2 }
        return connection
    }

    func testAHostRemovedByAnotherProcessClosesItsForwards() async throws {
        let connection = try await webListeningWithTheVaultWatched()
        await services.changeHostsElsewhere([WorkbenchFixture.host("db-primary", hostname: "10.0.0.2")])
        services.testClock.advance(by: Workbench.vaultPollInterval)
        await eventually("both listeners closed", showing: screenReport) { connection.forwarding.stopped.count == 2 }
        XCTAssertTrue(workbench.forwardRuns.sessions.isEmpty)
    }

    func testRulesChangedByAnotherProcessStopAndStartOnTheRunningSession() async throws {
        let connection = try await webListeningWithTheVaultWatched()

        // Elsewhere: the SOCKS rule removed, a new enabled rule added, the disabled one left off.
        let added = try ForwardRule(parsingStored: "L 7070:localhost:7070")
        var changed = try await services.hosts()
        changed[0].forwards = [HostForward(rule: web), HostForward(rule: admin, enabled: false), HostForward(rule: added)]
        await services.changeHostsElsewhere(changed)
        services.testClock.advance(by: Workbench.vaultPollInterval)

        await eventually("the new rule listens", showing: screenReport) { connection.forwarding.asked.last == added }
        let socksListener = try XCTUnwrap(connection.forwarding.listening.first { $0.rule == socks })
        await eventually("the removed rule's listener closed", showing: screenReport) { connection.forwarding.stopped == [socksListener.id] }
        // The first two start at once, in either order.
        let asked = connection.forwarding.asked
        XCTAssertEqual(asked.count, 3, "the kept rule is not asked again, the disabled one not at all: \(asked)")
        XCTAssertEqual(Set(asked.prefix(2)), [web, socks], "\(asked)")
        prefixed(.character("F"))
        await waitForScreen(containing: "Forwards: 2 listening")
        XCTAssertFalse(screenText.contains("SOCKS"), screenReport)
    }

    func testWithShareOffTheRulesRunOnTheFirstPanesOwnConnectionAndMoveWhenItCloses() async throws {
        try await startWithForwards(shares: false)
        let first = try await openFromNavigator("web")
        await eventually("the rules listen on the first pane's connection", showing: screenReport) { first.forwarding.listening.count == 2 }
        prefixed(.character("%"))
        await eventually("the second pane has its own connection", showing: screenReport) {
            services.connections.count == 2 && services.connections[1].openedSize != nil
        }
        let second = services.connections[1]
        XCTAssertTrue(second.forwarding.asked.isEmpty, "the rules run once per Host")
        // The first pane closes with its connection: the rules go to the pane left.
        prefixed(.character("o"))
        first.shell.exit(0)
        await eventually("the first pane's Session ended", showing: screenReport) { first.isClosed }
        first.forwarding.end(lost: false)
        await eventually("the rules listen on the second pane's connection", showing: screenReport) {
            second.forwarding.listening.count == 2
        }
    }

    func testTheOverlayShowsStatesConnectionsAndBytesAndTogglesForTheRunOnly() async throws {
        try await startWithForwards()
        let connection = try await openFromNavigator("web")
        await eventually("the enabled rules listen", showing: screenReport) { connection.forwarding.listening.count == 2 }
        // The two start at once: the 8080 rule's listener is found by its rule, not its place.
        let webListener = try XCTUnwrap(connection.forwarding.listening.first { $0.rule == web })
        let meter = webListener.meter
        meter.connectionOpened()
        meter.sent(1_200)
        meter.received(3_400_000)
        meter.failed("the server could not connect to localhost:80: connect failed")

        prefixed(.character("F"))
        await waitForScreen(containing: "Forwards: 2 listening")
        let first = line(showing: "L 127.0.0.1:8080 → localhost:80")
        XCTAssertTrue(first.contains("listening") && first.contains("1 open") && first.contains("↑ 1.2 KB") && first.contains("↓ 3.4 MB"), first)
        XCTAssertTrue(line(showing: "D 127.0.0.1:1080 (SOCKS)").contains("listening"), screenReport)
        XCTAssertTrue(line(showing: "L 127.0.0.1:9090 → localhost:9090").contains("stopped"), screenReport)
        XCTAssertTrue(screenText.contains("last error: the server could not connect to localhost:80"), screenReport)

        // Counts move without an event: the overlay is drawn again with them.
        meter.connectionClosed()
        await eventually("the connection closed shows", showing: screenReport) {
            line(showing: "L 127.0.0.1:8080").contains("0 open")
        }

        // Connections not taken for want of file descriptors are counted, and why is below.
        meter.ranOutOfDescriptors("accepting a connection failed: Too many open files")
        meter.ranOutOfDescriptors("accepting a connection failed: Too many open files")
        await eventually("the shortage shows", showing: screenReport) {
            line(showing: "L 127.0.0.1:8080").contains("out of descriptors ×2")
        }
        XCTAssertTrue(screenText.contains("last error: accepting a connection failed: Too many open files"), screenReport)

        press(.enter)  // the first rule off
        await eventually("its listener stopped", showing: screenReport) { connection.forwarding.stopped == [webListener.id] }
        XCTAssertTrue(line(showing: "L 127.0.0.1:8080").contains("stopped"), screenReport)
        XCTAssertTrue(screenText.contains("Forwards: 1 listening"), screenReport)
        press(.enter)  // on again
        await eventually("it listens again", showing: screenReport) { connection.forwarding.listening.count == 3 }
        await waitForScreen(containing: "Forwards: 2 listening")

        press(.down)
        press(.down)
        press(.character(" "))  // the rule disabled on the Host, on for this run
        await eventually("the disabled rule listens for this run", showing: screenReport) {
            connection.forwarding.asked.last == admin
        }
        await waitForScreen(containing: "Forwards: 3 listening")
        let stored = try await services.hosts()[0].forwards
        XCTAssertEqual(stored.map(\.enabled), [true, true, false], "the Vault's Hosts are not changed")

        press(.escape)
        XCTAssertFalse(screenText.contains("Forwards:"), screenReport)
    }

    func testARuleThatCannotListenFailsAloneAndThePaneGoesOn() async throws {
        try await startWithForwards()
        // The port is taken before the pane connects.
        let connection = ScriptedConnection(label: "web")
        connection.forwarding.refuse(web, "cannot listen on 127.0.0.1:8080: port 8080 is already in use")
        services.connect { _, _, _ in connection }
        type("web")
        press(.enter)
        await eventually("the shell opened", showing: screenReport) { connection.openedSize != nil }
        await eventually("the other rule listens", showing: screenReport) { connection.forwarding.listening.count == 1 }
        prefixed(.character("F"))
        await waitForScreen(containing: "Forwards: 1 listening")
        XCTAssertTrue(line(showing: "L 127.0.0.1:8080").contains("failed"), screenReport)
        XCTAssertTrue(screenText.contains("failed: cannot listen on 127.0.0.1:8080: port 8080 is already in use"), screenReport)
        press(.escape)
        connection.shell.print("still-working")
        await waitForScreen(containing: "still-working")
    }

    func testAfterALostConnectionAndAReconnectTheRulesListenAgain() async throws {
        try await startWithForwards()
        let connection = try await openFromNavigator("web")
        await eventually("the enabled rules listen", showing: screenReport) { connection.forwarding.listening.count == 2 }
        connection.drop()
        await waitForScreen(containing: "was lost")
        prefixed(.character("F"))
        await eventually("the rules wait for a session", showing: screenReport) {
            line(showing: "L 127.0.0.1:8080").contains("no session")
        }
        press(.escape)
        press(.enter)  // Reconnect
        await eventually("a new connection", showing: screenReport) {
            services.connections.count == 2 && services.connections[1].openedSize != nil
        }
        let fresh = services.connections[1]
        await eventually("the rules listen on the new connection", showing: screenReport) { fresh.forwarding.listening.count == 2 }
        prefixed(.character("F"))
        await waitForScreen(containing: "Forwards: 2 listening")
    }

    func testHostileRuleAndErrorTextIsShownEscaped() throws {
        let rule = try ForwardRule(parsingStored: "L 8080:evil\u{1b}]0;pwned\u{07}host:80")
        let meter = ForwardMeter()
        meter.failed("refused by \u{1b}[31mred\u{1b}[0m\r\nfake prompt$ ")
        let listening = ForwardListening(rule: rule, address: "127.0.0.1", port: 8080, id: 1, meter: meter)
        let row = ForwardsOverlay.Row(hostLabel: "we\u{1b}[2Jb", rule: rule, state: .listening(listening))
        let failed = ForwardsOverlay.Row(hostLabel: "web", rule: rule, state: .failed("bad \u{1b}[H\u{9b}2J"))
        let texts = [
            ForwardsOverlayView.line(row, hostWidth: 20, width: 120), ForwardsOverlayView.detail(of: row) ?? "",
            ForwardsOverlayView.detail(of: failed) ?? "", ForwardsOverlayView.ruleText(failed),
        ]
        for text in texts {
            XCTAssertFalse(text.unicodeScalars.contains { TerminalSafeText.isControl($0) }, text.debugDescription)
        }
        XCTAssertTrue(texts[1].contains("refused by"), texts[1])
    }

    func testTheOverlaysKeysSelectToggleAndClose() {
        let rows = [web, socks, admin].map { ForwardsOverlay.Row(hostLabel: "web", rule: $0, state: .waiting) }
        var overlay = ForwardsOverlay()
        XCTAssertEqual(overlay.handle(KeyPress(.up), rows: rows), .none)
        XCTAssertEqual(overlay.index(in: rows), 0, "stays on the first line")
        XCTAssertEqual(overlay.handle(KeyPress(.down), rows: rows), .none)
        XCTAssertEqual(overlay.handle(KeyPress(.character("j")), rows: rows), .none)
        XCTAssertEqual(overlay.handle(KeyPress(.down), rows: rows), .none)
        XCTAssertEqual(overlay.index(in: rows), 2, "stays on the last line")
        XCTAssertEqual(overlay.handle(KeyPress(.enter), rows: rows), .toggle(rows[2]))
        XCTAssertEqual(overlay.handle(KeyPress(.character("k")), rows: rows), .none)
        XCTAssertEqual(overlay.handle(KeyPress(.character(" ")), rows: rows), .toggle(rows[1]))
        XCTAssertEqual(overlay.index(in: Array(rows.prefix(1))), 0, "kept inside fewer rows")
        XCTAssertEqual(overlay.handle(KeyPress(.enter), rows: []), .none, "nothing to toggle")
        XCTAssertEqual(overlay.handle(KeyPress(.escape), rows: rows), .close)
        XCTAssertEqual(overlay.handle(KeyPress(.character("q")), rows: rows), .close)
    }
}
