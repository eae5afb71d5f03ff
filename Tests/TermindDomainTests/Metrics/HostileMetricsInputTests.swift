import TermindDomain
import XCTest

/// Whatever a hostile or broken server prints, the reader neither traps, grows without bound,
/// nor shows a wrapped or negative figure.
final class HostileMetricsInputTests: XCTestCase {
    private let head = "@@sample 100 4096\n@@uptime\n10.0 1.0\n@@stat\ncpu 1 1 1 1\n"

    private func sample(_ body: String) throws -> MetricsSample {
        guard case .sample(let sample) = try MetricsTestText.events(head + body + "@@end\n").first else {
            throw MetricsParseError("no sample")
        }
        return sample
    }

    func testNegativeOverflowingAndGarbageCountersAreLeftOut() throws {
        let parsed = try sample("""
            @@netdev
            eth0: -5 0 0 0 0 0 0 0 1 0 0 0 0 0 0 0
            eth1: 18446744073709551616 0 0 0 0 0 0 0 1 0 0 0 0 0 0 0
            eth2: 1e9 0 0 0 0 0 0 0 1 0 0 0 0 0 0 0
            eth3: 18446744073709551615 0 0 0 0 0 0 0 1 0 0 0 0 0 0 0
            @@diskstats
            8 0 sda 1 1 36028797018963968 1 1 1 1 1 1 1 1
            @@procs
            -1 0 0 0 evil
            7 0 99999999999999999999999 0 evil

            """)
        XCTAssertEqual(parsed.interfaces.map(\.name), ["eth3"])
        // 2^55 sectors would overflow as bytes.
        XCTAssertEqual(parsed.disks, [])
        XCTAssertEqual(parsed.processes, [])
    }

    func testOverflowingCPUColumnsAreNoCPULine() {
        XCTAssertNil(CPUTimes.parse("cpu 18446744073709551615 18446744073709551615 1 1"))
        XCTAssertNil(CPUTimes.parse("cpu -1 2 3 4"))
        XCTAssertNil(CPUTimes.parse("cpufoo 1 2 3 4"))
    }

    func testImplausibleLoadUptimeAndMemoryAreRefused() {
        XCTAssertNil(LoadAverage.parse("nan inf -1 1/2 3"))
        XCTAssertNil(LoadAverage.parse("1e308 1 1 1/2 3"))
        XCTAssertNil(MemoryInfo.parse(["MemTotal: 18446744073709551615 kB"]))
        XCTAssertEqual(MemoryInfo.parse(["MemTotal: 100 kB", "MemAvailable: 900 kB"])?.usedPercent, 0)
        XCTAssertThrowsError(try MetricsTestText.events("@@sample\n@@uptime\nNaN 1\n@@stat\ncpu 1 1 1 1\n@@end\n"))
    }

    func testAHugeLineIsCutAndLeftOutNotMisread() throws {
        let name = String(repeating: "A", count: 5000)
        let parsed = try sample("@@procs\n7 0 1 1 \(name)\n8 0 1 1 short\n")
        XCTAssertEqual(parsed.processes.map(\.pid), [8])
    }

    func testAServerThatNeverStopsASampleIsRefusedAtTheBound() {
        var stream = MetricsTestText.stream()
        let line = Array(String(repeating: "x", count: 99).utf8) + [0x0A]
        XCTAssertThrowsError(try {
            _ = try stream.feed(Array(MetricsTestText.framed(self.head).utf8))
            for _ in 0..<2000 { _ = try stream.feed(line) }
        }()) { error in
            XCTAssertEqual((error as? MetricsParseError)?.description, "the server sent more than 128 KiB for one metrics sample")
        }
    }

    func testGarbageWithoutAnySampleIsBoundedToo() {
        var stream = MetricsTestText.stream()
        let noise = [UInt8](repeating: 0x41, count: 200 * 1024)
        XCTAssertThrowsError(try stream.feed(noise))
    }

    func testEscapeSequencesInNamesAreKeptAsDataForSafeDisplay() throws {
        let parsed = try sample("@@procs\n7 0 1 1 \u{1B}]52;c;ZXZpbA==\u{07}x\n")
        let name = try XCTUnwrap(parsed.processes.first?.name)
        XCTAssertTrue(TerminalSafeText.needsEscaping(name))
        XCTAssertFalse(TerminalSafeText(name).text.contains("\u{1B}"))
        XCTAssertLessThanOrEqual(name.count, 64)
    }

    func testAnInvalidUTF8NameReadsWithoutTrapping() throws {
        var stream = MetricsTestText.stream()
        // X stands for the bytes that are no UTF-8.
        let text = Array(MetricsTestText.framed(head + "@@procs\n7 0 1 1 X\n@@end\n").utf8)
        let bytes = text.split(separator: UInt8(ascii: "X"), omittingEmptySubsequences: false).map(Array.init)
            .joined(separator: [0xFF, 0xFE, 0xC3])
        guard case .sample(let parsed) = try stream.feed(Array(bytes)).first else { return XCTFail("a sample") }
        XCTAssertEqual(parsed.processes.count, 1)
    }
}
