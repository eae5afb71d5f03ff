import XCTest

final class TermindIntegrationTestsPlaceholder: XCTestCase {}
