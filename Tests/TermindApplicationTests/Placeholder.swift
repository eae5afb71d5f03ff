import XCTest

final class TermindApplicationTestsPlaceholder: XCTestCase {}
