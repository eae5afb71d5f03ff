import TermindInfrastructure
import XCTest

final class AllocatorTuningTests: XCTestCase {
    /// glibc answers 0 to a parameter or value it refuses: the constants and limits are its own.
    func testGlibcTakesBothAllocatorSettings() {
        XCTAssertTrue(AllocatorTuning.apply(environment: [:]))
    }

    func testAPersonsOwnGlibcTunablesAreLeftAlone() {
        XCTAssertFalse(AllocatorTuning.apply(environment: ["GLIBC_TUNABLES": "glibc.malloc.trim_threshold=0"]))
    }
}
