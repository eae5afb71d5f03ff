import TermindDomain
import TermindTestSupport
import XCTest

final class PaneLayoutTests: XCTestCase {
    func testSpareCellsGoToTheFirstChildAndTheRestToTheSecond() {
        // a | (b | c) in 80 columns: 79 after the divider, 40 and 39; then 19 and 19.
        let (a, b, c) = (Pane.empty(), Pane.empty(), Pane.empty())
        let tree = PaneTree.split(PaneSplit(
            axis: .horizontal, first: .pane(a), second: .split(PaneSplit(axis: .horizontal, first: .pane(b), second: .pane(c)))))

        let layout = tree.layout(in: CellSize(columns: 80, rows: 10))

        XCTAssertEqual(layout.frames.map(\.rect.columns), [40, 19, 19])
        XCTAssertEqual(layout.frames.map(\.rect.column), [0, 41, 61])
        XCTAssertEqual(layout.dividers.map(\.rect.column), [40, 60])
    }

    func testLayoutIsOffsetByTheAreasOrigin() {
        let (a, b) = (Pane.empty(), Pane.empty())
        let tree = PaneTree.split(PaneSplit(axis: .vertical, first: .pane(a), second: .pane(b)))
        let layout = tree.layout(in: CellRect(column: 5, row: 1, columns: 20, rows: 11))
        XCTAssertEqual(layout.rect(of: a.id), CellRect(column: 5, row: 1, columns: 20, rows: 5))
        XCTAssertEqual(layout.dividers.map(\.rect), [CellRect(column: 5, row: 6, columns: 20, rows: 1)])
        XCTAssertEqual(layout.rect(of: b.id), CellRect(column: 5, row: 7, columns: 20, rows: 5))
        XCTAssertEqual(layout.pane(atColumn: 10, row: 8), b.id)
        XCTAssertNil(layout.pane(atColumn: 10, row: 6))
    }

    func testMinimumSizesWinOverTheFractionWhenThereIsRoom() {
        let (a, b) = (Pane.empty(), Pane.empty())
        let tree = PaneTree.split(PaneSplit(axis: .horizontal, fraction: 0.01, first: .pane(a), second: .pane(b)))
        let layout = tree.layout(in: CellSize(columns: 41, rows: 3), minimumPane: CellSize(columns: 8, rows: 1))
        XCTAssertEqual(layout.rect(of: a.id)?.columns, 8)
        XCTAssertEqual(layout.rect(of: b.id)?.columns, 32)
    }

    func testWhenTheAreaIsTooSmallEveryPaneShrinksButTheLayoutStillTilesIt() {
        // Three panes side by side need 3 + 2 dividers = 5 columns at one column each; give 3.
        let tree = PaneTree.split(PaneSplit(
            axis: .horizontal, first: .pane(.empty()),
            second: .split(PaneSplit(axis: .horizontal, first: .pane(.empty()), second: .pane(.empty())))))
        XCTAssertEqual(tree.minimumSize(), CellSize(columns: 5, rows: 1))
        let layout = tree.layout(in: CellSize(columns: 3, rows: 2))
        XCTAssertEqual(layout.frames.count, 3)
        assertTiles(layout, CellRect(size: CellSize(columns: 3, rows: 2)))
    }

    /// The tiling property: for random trees, fractions, areas and minimums, every cell of the
    /// area is covered by exactly one pane or divider, nothing lies outside, and every pane gets
    /// at least the minimum whenever the area is at least the tree's minimum size.
    func testRandomTreesTileEveryAreaExactlyAndHonourMinimums() {
        var random = SeededRandom(seed: 0x7E4D_1D00)
        let minimums = [CellSize(columns: 1, rows: 1), CellSize(columns: 2, rows: 1), CellSize(columns: 4, rows: 2)]
        for _ in 0..<400 {
            let tree = randomTree(panes: Int.random(in: 1...14, using: &random), using: &random)
            let minimum = minimums.randomElement(using: &random)!
            let needed = tree.minimumSize(pane: minimum)
            let size = Bool.random(using: &random)
                ? CellSize(columns: Int.random(in: 0...needed.columns + 2, using: &random), rows: Int.random(in: 0...needed.rows + 2, using: &random))
                : CellSize(columns: Int.random(in: needed.columns...200, using: &random), rows: Int.random(in: needed.rows...60, using: &random))
            let area = CellRect(column: Int.random(in: 0...3, using: &random), row: Int.random(in: 0...3, using: &random), size: size)

            let layout = tree.layout(in: area, minimumPane: minimum)

            XCTAssertEqual(layout.frames.map(\.paneID), tree.paneIDs, "one frame per pane, in reading order")
            assertTiles(layout, area)
            if size.columns >= needed.columns && size.rows >= needed.rows {
                for frame in layout.frames {
                    XCTAssertGreaterThanOrEqual(frame.rect.columns, minimum.columns, "\(size) \(tree)")
                    XCTAssertGreaterThanOrEqual(frame.rect.rows, minimum.rows, "\(size) \(tree)")
                }
            }
        }
    }

    /// A random tree made as a person would: split a random pane, again and again.
    private func randomTree(panes: Int, using random: inout SeededRandom) -> PaneTree {
        var workspace = Workspace(name: "random", pane: .empty())
        for _ in 1..<panes {
            workspace.focus(workspace.panes.randomElement(using: &random)!.id)
            workspace.split(
                Bool.random(using: &random) ? .horizontal : .vertical, with: .empty(),
                fraction: Double.random(in: 0...1, using: &random))
        }
        return workspace.root
    }

    private func assertTiles(_ layout: PaneLayout, _ area: CellRect, file: StaticString = #filePath, line: UInt = #line) {
        var coverage = [Int](repeating: 0, count: area.columns * area.rows)
        let rects = layout.frames.map(\.rect) + layout.dividers.map(\.rect)
        for rect in rects {
            XCTAssertTrue(
                rect.columns == 0 || rect.rows == 0
                    || (rect.column >= area.column && rect.row >= area.row && rect.endColumn <= area.endColumn && rect.endRow <= area.endRow),
                "\(rect) lies outside \(area)", file: file, line: line)
            for row in rect.row..<rect.endRow {
                for column in rect.column..<rect.endColumn where area.contains(column: column, row: row) {
                    coverage[(row - area.row) * area.columns + (column - area.column)] += 1
                }
            }
        }
        XCTAssertEqual(
            coverage.filter { $0 != 1 }.count, 0, "cells covered zero or several times in \(area): \(rects)",
            file: file, line: line)
    }
}

/// `PaneTree.tiled`: even shares, alternating axes.
final class PaneTreeTiledTests: XCTestCase {
    func testOneTwoThreeAndFourPanesTileEvenly() throws {
        let panes = (0..<4).map { _ in Pane.empty() }
        XCTAssertNil(PaneTree.tiled([]))
        XCTAssertEqual(PaneTree.tiled([panes[0]]), .pane(panes[0]))
        guard case .split(let three)? = PaneTree.tiled(Array(panes.prefix(3))) else { return XCTFail("not a split") }
        XCTAssertEqual(three.axis, .horizontal)
        XCTAssertEqual(three.fraction, 1.0 / 3.0, accuracy: 0.0001)
        guard case .split(let right) = three.second else { return XCTFail("the right side is not split") }
        XCTAssertEqual(right.axis, .vertical)
        let four = try XCTUnwrap(PaneTree.tiled(panes))
        XCTAssertEqual(four.panes.map(\.id), panes.map(\.id), "reading order kept")
        let layout = Workspace(name: "grid", root: four).layout(in: CellSize(columns: 101, rows: 41))
        XCTAssertEqual(Set(layout.frames.map(\.rect.columns)).count, 1, "equal widths: \(layout.frames)")
    }
}
