import TermindApplication
import TermindDomain
import TermindTestSupport
import XCTest
@testable import TermindPresentation

/// A Host's rules added, changed and removed from the forwards overlay (docs/behaviour.md,
/// "Forwards in the workbench"): written to the Vault (here the in-memory store) through the
/// command line's `VaultEditor`, the rule read by the command line's parser with its refusal
/// shown in place, a listening rule stopped when changed or removed, and another termind's
/// change made meanwhile kept.
@MainActor
final class WorkbenchForwardEditingTests: WorkbenchTestCase {
    private let web = try! ForwardRule(parsingStored: "L 127.0.0.1:8080:localhost:80")
    private let socks = try! ForwardRule(parsingStored: "D 1080")

    private func startWithForwards() async throws -> ScriptedConnection {
        var host = WorkbenchFixture.host("web")
        host.forwards = [HostForward(rule: web), HostForward(rule: socks, enabled: false)]
        try await start(hosts: [host, WorkbenchFixture.host("db-primary", hostname: "10.0.0.2")])
        let connection = try await openFromNavigator("web")
        await eventually("the enabled rule listens", showing: screenReport) { connection.forwarding.listening.count == 1 }
        prefixed(.character("F"))
        await waitForScreen(containing: "Forwards: 1 listening")
        return connection
    }

    private var storedForwards: [HostForward] {
        get async throws {
            let snapshot = try await services.vault.snapshot()
            return try XCTUnwrap(snapshot.host("web")).forwards
        }
    }

    func testTheOverlaysKeysAddEditAndRemove() {
        let rows = [web, socks].map { ForwardsOverlay.Row(hostLabel: "web", rule: $0, state: .waiting) }
        var overlay = ForwardsOverlay()
        XCTAssertEqual(overlay.handle(KeyPress(.character("a")), rows: rows), .add(host: "web"))
        XCTAssertEqual(overlay.handle(KeyPress(.function(7)), rows: rows), .add(host: "web"))
        XCTAssertEqual(overlay.handle(KeyPress(.insert), rows: []), .add(host: nil), "a first rule: the focused pane's Host")
        XCTAssertEqual(overlay.handle(KeyPress(.down), rows: rows), .none)
        XCTAssertEqual(overlay.handle(KeyPress(.character("e")), rows: rows), .edit(rows[1]))
        XCTAssertEqual(overlay.handle(KeyPress(.function(6)), rows: rows), .edit(rows[1]))
        XCTAssertEqual(overlay.handle(KeyPress(.character("d")), rows: rows), .remove(rows[1]))
        XCTAssertEqual(overlay.handle(KeyPress(.delete), rows: rows), .remove(rows[1]))
        XCTAssertEqual(overlay.handle(KeyPress(.function(8)), rows: rows), .remove(rows[1]))
        XCTAssertEqual(overlay.handle(KeyPress(.character("e")), rows: []), .none, "nothing to edit")
        XCTAssertEqual(overlay.handle(KeyPress(.character("d")), rows: []), .none, "nothing to remove")
    }

    /// The editor refuses what `termind hosts edit --forward SPEC` refuses, with its words
    /// (`ForwardRule(parsingStored:)`'s, printed by the command line as they are), and takes
    /// what it takes.
    func testTheEditorValidatesAsTheCommandLine() {
        let table: [(String, String?)] = [
            ("L 8080:localhost:80", nil),
            ("-L 0:127.0.0.1:22", nil),
            ("R 9000:localhost:3000", nil),
            ("D 1080", nil),
            ("D [::1]:1080", nil),
            ("L [::1]:8080:[::1]:80", nil),
            ("", "the forwarding rule '' is not valid: give the kind first: 'L 8080:localhost:80', 'R 9000:localhost:3000' or 'D 1080'"),
            ("8080:localhost:80", "the forwarding rule '8080:localhost:80' is not valid: give the kind first: 'L 8080:localhost:80', 'R 9000:localhost:3000' or 'D 1080'"),
            ("L 8080", "the forwarding rule '8080' is not valid: -L takes [bind_address:]port:host:hostport"),
            ("D 1:2:3", "the forwarding rule '1:2:3' is not valid: -D takes [bind_address:]port"),
            ("L 70000:localhost:80", "the forwarding rule '70000:localhost:80' is not valid: the listening port '70000' is not a port (0-65535)"),
            ("R 9000:localhost:0", "the forwarding rule '9000:localhost:0' is not valid: the target port '0' is not a port (1-65535)"),
            ("L 8080::80", "the forwarding rule '8080::80' is not valid: the target host is empty"),
            ("L [::1:8080:x:80", "the forwarding rule '[::1:8080:x:80' is not valid: a '[' is not closed"),
            ("L :8080:x:80", "the forwarding rule ':8080:x:80' is not valid: the bind address is empty"),
        ]
        for (spec, refusal) in table {
            var editor = ForwardEditor(adding: ["web"], host: 0)
            for character in spec { editor.type(character) }
            let change = editor.change()
            XCTAssertEqual(editor.problem, refusal, spec)
            XCTAssertEqual(change == nil, refusal != nil, spec)
            XCTAssertEqual(editor.text, spec, "what was typed stays")
            // The command line's own parse of the same text.
            do {
                let rule = try ForwardRule(parsingStored: spec)
                XCTAssertEqual(change, .add(rule), spec)
            } catch {
                XCTAssertEqual(error.description, refusal, spec)
            }
        }
    }

    func testARuleAddedInTheEditorIsInTheVaultListedAndListening() async throws {
        let connection = try await startWithForwards()
        press(.character("a"))
        await waitForScreen(containing: "Add a forward to 'web'")
        type("L 8080")
        press(.enter)
        await waitForScreen(containing: "is not valid: -L takes")
        XCTAssertEqual(workbench.forwardEditor?.problem, "the forwarding rule '8080' is not valid: -L takes [bind_address:]port:host:hostport")
        XCTAssertEqual(workbench.forwardEditor?.text, "L 8080", "what was typed stays")
        type(":localhost:8000")
        press(.enter)
        await eventually("the editor closed", showing: screenReport) { workbench.forwardEditor == nil }
        let added = try ForwardRule(parsingStored: "L 8080:localhost:8000")
        let forwards = try await storedForwards
        XCTAssertEqual(forwards, [HostForward(rule: web), HostForward(rule: socks, enabled: false), HostForward(rule: added)])
        await waitForScreen(containing: "L 127.0.0.1:8080 → localhost:8000")
        await eventually("the new rule listens", showing: screenReport) { connection.forwarding.asked.last == added }
        XCTAssertTrue(screenText.contains("added to web in the Vault"), screenReport)
    }

    func testAListeningRuleChangedStopsAndTheChangedRuleStarts() async throws {
        let connection = try await startWithForwards()
        let listener = try XCTUnwrap(connection.forwarding.listening.first)
        press(.character("e"))
        await waitForScreen(containing: "Change a forward of 'web'")
        XCTAssertTrue(screenText.contains("It listens now"), screenReport)
        XCTAssertEqual(workbench.forwardEditor?.text, "L 127.0.0.1:8080:localhost:80")
        press(.backspace)
        press(.backspace)
        type("81")
        press(.enter)
        await eventually("the editor closed", showing: screenReport) { workbench.forwardEditor == nil }
        let changed = try ForwardRule(parsingStored: "L 127.0.0.1:8080:localhost:81")
        let forwards = try await storedForwards
        XCTAssertEqual(forwards, [HostForward(rule: changed), HostForward(rule: socks, enabled: false)], "in its place")
        await eventually("the old listener stopped", showing: screenReport) { connection.forwarding.stopped == [listener.id] }
        await eventually("the changed rule listens", showing: screenReport) { connection.forwarding.asked.last == changed }
    }

    func testARuleRemovedAfterTheQuestionIsGoneFromTheVaultAndStops() async throws {
        let connection = try await startWithForwards()
        let listener = try XCTUnwrap(connection.forwarding.listening.first)
        press(.character("d"))
        await waitForScreen(containing: "Remove a forward of 'web'")
        XCTAssertTrue(screenText.contains("Remove the rule 'L 127.0.0.1:8080:localhost:80' of Host 'web'"), screenReport)
        XCTAssertTrue(screenText.contains("It listens now: it stops at once."), screenReport)
        press(.character("n"))
        XCTAssertNil(workbench.forwardRemoval)
        let kept = try await storedForwards
        XCTAssertEqual(kept.count, 2, "n keeps it")
        press(.delete)
        press(.character("y"))
        await eventually("the question closed", showing: screenReport) { workbench.forwardRemoval == nil }
        let forwards = try await storedForwards
        XCTAssertEqual(forwards, [HostForward(rule: socks, enabled: false)])
        await eventually("its listener stopped", showing: screenReport) { connection.forwarding.stopped == [listener.id] }
        await eventually("gone from the list", showing: screenReport) {
            !self.screenText.contains("L 127.0.0.1:8080 →") && self.workbench.forwardRows.map(\.rule) == [self.socks]
        }
    }

    /// Another termind changes the Host while the editor is open: its change stays; when it
    /// removed the very rule being changed, the editor says so and what to do, nothing is
    /// written, and the list shows the Host as it is now.
    func testAnotherTermindsChangeMeanwhileIsNotLost() async throws {
        _ = try await startWithForwards()
        press(.down)  // the SOCKS rule
        press(.character("e"))
        await waitForScreen(containing: "Change a forward of 'web'")
        // Elsewhere: a new hostname and the 8080 rule removed.
        var changed = try await services.hosts()
        changed[0].hostname = "10.9.9.9"
        changed[0].forwards = [HostForward(rule: socks, enabled: false)]
        await services.changeHostsElsewhere(changed)
        press(.backspace)
        type("2")
        press(.enter)
        await eventually("the editor closed", showing: screenReport) { workbench.forwardEditor == nil }
        var snapshot = try await services.vault.snapshot()
        var host = try XCTUnwrap(snapshot.host("web"))
        XCTAssertEqual(host.hostname, "10.9.9.9", "the other termind's change stays")
        XCTAssertEqual(host.forwards, [HostForward(rule: try ForwardRule(parsingStored: "D 1082"), enabled: false)])

        // Now the rule the editor changes goes meanwhile.
        press(.character("e"))
        await waitForScreen(containing: "Change a forward of 'web'")
        changed = [host]
        changed[0].forwards = []
        await services.changeHostsElsewhere(changed)
        type("3")
        press(.enter)
        await waitForScreen(containing: "another termind changed it")
        XCTAssertTrue(try XCTUnwrap(workbench.forwardEditor?.problem).hasSuffix("choose the rule again."))
        XCTAssertEqual(workbench.forwardEditor?.text, "D 10823", "what was typed stays")
        snapshot = try await services.vault.snapshot()
        host = try XCTUnwrap(snapshot.host("web"))
        XCTAssertEqual(host.forwards, [], "nothing written")
        press(.escape)
        await waitForScreen(containing: "No forwards")
    }
}
