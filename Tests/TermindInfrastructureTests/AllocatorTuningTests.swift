import TermindInfrastructure
import XCTest

final class AllocatorTuningTests: XCTestCase {
    /// glibc answers 0 to a parameter or value it refuses: the constants and limits are its own.
    func testGlibcTakesBothAllocatorSettings() {
        XCTAssertTrue(AllocatorTuning.apply())
    }
}
