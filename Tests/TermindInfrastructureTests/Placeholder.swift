import XCTest

final class TermindInfrastructureTestsPlaceholder: XCTestCase {}
