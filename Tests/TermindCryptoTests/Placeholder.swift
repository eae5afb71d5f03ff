import XCTest

final class TermindCryptoTestsPlaceholder: XCTestCase {}
