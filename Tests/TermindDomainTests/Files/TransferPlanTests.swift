import TermindDomain
import XCTest

/// The plan's totals, for the progress bar before any byte moves.
final class TransferPlanTests: XCTestCase {
    func testTotalsCountOnlyRegularFiles() {
        var plan = TransferPlan()
        let root = plan.append(.init(kind: .directory, sourcePath: "/t", parent: nil, destinationName: "/d/t", attributes: FileAttributes(size: 4096)))
        plan.append(.init(kind: .file, sourcePath: "/t/a", parent: root, destinationName: "a", attributes: FileAttributes(size: 10)))
        plan.append(.init(kind: .symlink, sourcePath: "/t/l", parent: root, destinationName: "l", attributes: FileAttributes(size: 3)))
        plan.append(.init(kind: .file, sourcePath: "/t/b", parent: root, destinationName: "b", attributes: FileAttributes(size: 5)))
        XCTAssertEqual(plan.fileCount, 2)
        XCTAssertEqual(plan.byteCount, 15)
    }

}
