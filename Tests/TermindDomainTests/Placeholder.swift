import XCTest

final class TermindDomainTestsPlaceholder: XCTestCase {}
