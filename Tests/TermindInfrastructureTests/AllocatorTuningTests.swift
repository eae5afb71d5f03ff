import TermindInfrastructure
import XCTest

final class AllocatorTuningTests: XCTestCase {
    /// glibc answers 0 to a parameter or value it refuses: the constants and limits are its own.
    func testGlibcTakesEveryAllocatorSetting() {
        XCTAssertTrue(AllocatorTuning.apply(environment: [:]))
    }

    func testAPersonsOwnGlibcTunablesAreLeftAlone() {
        XCTAssertFalse(AllocatorTuning.apply(environment: ["GLIBC_TUNABLES": "glibc.malloc.trim_threshold=0"]))
        XCTAssertFalse(AllocatorTuning.apply(environment: ["MALLOC_ARENA_MAX": "8"]))
    }
}
