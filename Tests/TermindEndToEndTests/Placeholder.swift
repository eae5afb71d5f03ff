import XCTest

final class TermindEndToEndTestsPlaceholder: XCTestCase {}
