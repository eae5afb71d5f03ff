import Foundation
import TermindDomain
import XCTest

final class TemplateLayoutTests: XCTestCase {
    private let web = UUID()
    private let db = UUID()

    /// web terminal | (db browser over web terminal), with an empty pane at the bottom.
    private var layout: TemplateLayout {
        .split(
            axis: .horizontal, fraction: 0.3,
            first: .pane(kind: .terminal, hostID: web),
            second: .split(
                axis: .vertical, fraction: 0.6,
                first: .pane(kind: .browser, hostID: db),
                second: .split(
                    axis: .vertical, fraction: 0.75,
                    first: .pane(kind: .terminal, hostID: web),
                    second: .pane(kind: .empty, hostID: nil))))
    }

    func testHostIDsListsEveryNamedHostLeftToRightSkippingEmptyPanes() {
        XCTAssertEqual(layout.hostIDs, [web, db, web])
        XCTAssertEqual(TemplateLayout.pane(kind: .empty, hostID: nil).hostIDs, [])
    }

    func testEmptyingAHostTurnsItsPanesEmptyAndKeepsTheTreeAndFractions() {
        let expected = TemplateLayout.split(
            axis: .horizontal, fraction: 0.3,
            first: .pane(kind: .empty, hostID: nil),
            second: .split(
                axis: .vertical, fraction: 0.6,
                first: .pane(kind: .browser, hostID: db),
                second: .split(
                    axis: .vertical, fraction: 0.75,
                    first: .pane(kind: .empty, hostID: nil),
                    second: .pane(kind: .empty, hostID: nil))))
        XCTAssertEqual(layout.emptying(hostID: web), expected)
        XCTAssertEqual(layout.emptying(hostID: web).hostIDs, [db])
    }

    func testEmptyingAHostTheLayoutDoesNotNameChangesNothing() {
        XCTAssertEqual(layout.emptying(hostID: UUID()), layout)
    }

    func testEmptyingTheOnlyPaneLeavesOneEmptyPane() {
        XCTAssertEqual(
            TemplateLayout.pane(kind: .browser, hostID: db).emptying(hostID: db), .pane(kind: .empty, hostID: nil))
    }

    func testSurvivesAJSONRoundTrip() throws {
        let data = try JSONEncoder().encode(layout)
        XCTAssertEqual(try JSONDecoder().decode(TemplateLayout.self, from: data), layout)
    }
}
