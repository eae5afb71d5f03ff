import XCTest

final class TermindRemoteInfrastructureTestsPlaceholder: XCTestCase {}
