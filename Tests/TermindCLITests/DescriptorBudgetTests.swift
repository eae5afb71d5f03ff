import XCTest

@testable import TermindCLI

/// `exec --parallel` within the file descriptor limit: raised towards the hard limit when that
/// is enough, lowered to what fits when not, unchanged when it fits.
final class DescriptorBudgetTests: XCTestCase {
    func testParallelThatFitsIsKeptAndTheLimitLeftAlone() {
        let budget = DescriptorBudget.plan(wanted: 16, inUse: 10, softLimit: 1024, hardLimit: 1024)
        XCTAssertEqual(budget, DescriptorBudget(parallel: 16, raisedLimit: nil))
    }

    func testSoftLimitRisesAsFarAsTheHostsNeedWhenTheHardLimitAllows() {
        let budget = DescriptorBudget.plan(wanted: 500, inUse: 10, softLimit: 1024, hardLimit: 524_288)
        XCTAssertEqual(budget, DescriptorBudget(parallel: 500, raisedLimit: 10 + DescriptorBudget.reserve + 500 * DescriptorBudget.perConnection))
    }

    func testParallelIsLoweredToWhatFitsUnderTheHardLimit() {
        let budget = DescriptorBudget.plan(wanted: 500, inUse: 10, softLimit: 1024, hardLimit: 1024)
        XCTAssertEqual(budget.parallel, (1024 - 10 - DescriptorBudget.reserve) / DescriptorBudget.perConnection)
        XCTAssertNil(budget.raisedLimit)
        XCTAssertLessThanOrEqual(10 + DescriptorBudget.reserve + budget.parallel * DescriptorBudget.perConnection, 1024)
    }

    func testOneHostAtATimeEvenWhenAlmostNoDescriptorIsLeft() {
        XCTAssertEqual(DescriptorBudget.plan(wanted: 8, inUse: 60, softLimit: 64, hardLimit: 64).parallel, 1)
    }
}
