import XCTest

final class TermindPresentationTestsPlaceholder: XCTestCase {}
