import XCTest

final class TermindCLITestsPlaceholder: XCTestCase {}
