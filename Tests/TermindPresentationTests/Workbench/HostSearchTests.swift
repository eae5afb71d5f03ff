import TermindDomain
import XCTest

@testable import TermindPresentation

/// The Navigator's and Quick Open's search over the Vault's Hosts: prepared once, narrowed as a
/// query grows, with the same answer as a fresh search of every Host.
final class HostSearchTests: XCTestCase {
    private func hosts() throws -> [Host] {
        try [
            Host(label: Label("web-1"), hostname: "10.0.0.1", username: "deploy", tags: ["prod"]),
            Host(label: Label("web-2"), hostname: "10.0.0.2", username: "deploy"),
            Host(label: Label("db"), hostname: "db.example.com", tags: ["web-backend"]),
            Host(label: Label("wide-eastern-backup"), hostname: "backup.example.com"),
            Host(label: Label("Ünïcode"), hostname: "uni.example.com"),
            Host(label: Label("cache"), hostname: "10.0.0.9"),
        ]
    }

    func testTypingKeyByKeyRanksAsASearchOfEveryHostWould() throws {
        let hosts = try hosts()
        let typed = HostSearch(hosts)
        for query in ["w", "we", "web", "web1", "web", "we", "w", "", "d", "de", "ü", "üni", "x", "xy", "b e"] {
            XCTAssertEqual(typed.ranked(query), HostSearch(hosts).ranked(query), "query \(query)")
            let expected = hosts.indices.compactMap { index in
                FuzzyMatch.score(query, in: HostSearch.searchText(of: hosts[index])).map { (index, $0) }
            }.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.map(\.0)
            XCTAssertEqual(typed.ranked(query), expected, "query \(query)")
        }
    }

    func testEqualScoresKeepTheVaultsOrder() throws {
        let hosts = try ["beta-host", "alfa-host", "host-gamma"].map { try Host(label: Label($0), hostname: "10.0.0.1") }
        XCTAssertEqual(HostSearch(hosts).ranked("host"), [2, 0, 1], "a word start first, then two equals as listed")
    }

    func testPreparedTextsScoreAsPlainStringsDo() {
        for (query, candidate) in [("web", "web-1"), ("DB", "prod db-primary"), ("üni", "Ünïcode x"), ("ab", "a\r\nb"), ("k", "\u{212A}elvin")] {
            XCTAssertEqual(
                FuzzyMatch.score(FuzzyMatch.Text(query: query), in: FuzzyMatch.Text(candidate)), FuzzyMatch.score(query, in: candidate))
        }
    }

    func testNavigatorEntriesFindSelectableLinesAcrossHostsAndWorkspaces() throws {
        let hosts = try hosts()
        var navigator = Navigator()
        navigator.filter = "web"
        let search = HostSearch(hosts)
        let entries = navigator.entries(hosts: search, workspaces: [Workspace(name: "ops", pane: .empty())], recent: [])
        let plain = Array(entries)
        let selectable = plain.indices.filter { plain[$0].isSelectable }
        XCTAssertEqual(entries.selectableCount, selectable.count)
        for (rank, position) in selectable.enumerated() {
            XCTAssertEqual(entries.entryIndex(ofSelectable: rank), position)
            XCTAssertEqual(entries.selectableIndex(ofEntry: position), rank)
        }
        XCTAssertNil(entries.entryIndex(ofSelectable: selectable.count))
        XCTAssertEqual(plain.first, .heading("Hosts"))
        XCTAssertEqual(plain[1], .host(hosts[search.ranked("web")[0]]))
        XCTAssertEqual(plain.suffix(3), [.note("none"), .heading("Identities"), .newIdentity])
        navigator.selection = selectable.count - 2
        XCTAssertEqual(navigator.selected(in: entries), .workspace(index: 0, name: "ops"))
        let window = NavigatorView.visibleEntries(entries, selection: navigator.selection, rows: 3)
        XCTAssertEqual(window.map(\.entry), [.heading("Workspaces"), .workspace(index: 0, name: "ops"), .heading("Recent Workspaces")],
                       "the selected line in the middle of the window")
    }
}
