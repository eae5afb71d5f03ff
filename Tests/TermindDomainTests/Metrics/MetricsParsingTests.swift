import TermindDomain
import XCTest

/// The sampler's text from several kernels, read into counters.
final class MetricsParsingTests: XCTestCase {
    private func samples(_ text: String) throws -> [MetricsSample] {
        try MetricsTestText.events(text).compactMap { if case .sample(let sample) = $0 { sample } else { nil } }
    }

    func testARecordedLinux618SampleReadsEverySection() throws {
        let parsed = try samples(MetricsFixtures.linux618TwoSamples)
        XCTAssertEqual(parsed.count, 2)
        let first = try XCTUnwrap(parsed.first)
        XCTAssertGreaterThan(first.uptime, 1000)
        XCTAssertEqual(first.ticksPerSecond, 100)
        XCTAssertEqual(first.cores.map(\.core), [0, 1])
        XCTAssertEqual(first.memory?.total, 24_683_652 * 1024)
        XCTAssertNotNil(first.load)
        XCTAssertEqual(first.interfaces.map(\.name), ["lo", "ifb0", "ifb1", "eth0"])
        XCTAssertEqual(first.physicalInterfaces, ["eth0"])
        XCTAssertEqual(first.disks.map(\.device), ["vda"])
        XCTAssertEqual(first.filesystems?.first(where: { $0.mount == "/" })?.source, "/dev/vda")
        XCTAssertEqual(first.processes.count, 20)
        XCTAssertTrue(parsed[1].processes.contains { $0.name == "kworker/u8:1-ext4-rsv-conversion" })
    }

    func testLinux2632WithoutMemAvailableOrGuestColumnsStillReads() throws {
        let sample = try XCTUnwrap(try samples(MetricsFixtures.linux2632).first)
        // Free + buffers + cache, as `free` estimated before 3.14.
        XCTAssertEqual(sample.memory?.available, 1_000_000 * 1024)
        XCTAssertEqual(sample.cores.count, 2)
        XCTAssertEqual(sample.load, LoadAverage(one: 0.08, five: 0.03, fifteen: 0.01))
        // `eth0:98765432` has its first figure glued to the colon.
        XCTAssertEqual(sample.interfaces.first { $0.name == "eth0" }?.received, 98_765_432)
        // 2.6's seven-field partition line is left out; a disk's 14 fields are read.
        XCTAssertEqual(sample.disks.map(\.device), ["sdb"])
        XCTAssertEqual(sample.disks.first?.readBytes, 960_000 * 512)
        XCTAssertEqual(sample.filesystems?.first?.source, "/dev/mapper/vg_root-lv_root")
    }

    func testLinux515MountWithASpaceAndProcessNameWithParenthesesSurvive() throws {
        let sample = try XCTUnwrap(try samples(MetricsFixtures.linux515).first)
        XCTAssertEqual(sample.filesystems?.map(\.mount), ["/", "/media/My Disk"])
        XCTAssertEqual(sample.processes, [ProcessSample(pid: 4242, startTime: 99000, ticks: 150, residentPages: 2048, name: "Web Content (x)")])
        XCTAssertEqual(sample.disks.first?.writtenBytes, 8_000_000 * 512)
    }

    func testAServerWithoutProcSaysUnavailable() throws {
        XCTAssertEqual(try MetricsTestText.events("@@unavailable\n"), [.unavailable])
    }

    func testASampleSplitAcrossManyChunksReadsTheSame() throws {
        var stream = MetricsTestText.stream()
        var events: [MetricsStreamEvent] = []
        for byte in MetricsTestText.framed(MetricsFixtures.linux515).utf8 { events += try stream.feed([byte]) }
        XCTAssertEqual(events, try samples(MetricsFixtures.linux515).map { .sample($0) })
    }

    func testASampleWithoutUptimeIsAnErrorNamingIt() {
        XCTAssertThrowsError(try MetricsTestText.events("@@sample 100 4096\n@@stat\ncpu 1 2 3 4\n@@end\n")) { error in
            XCTAssertEqual((error as? MetricsParseError)?.description, "the server's metrics sample has no usable uptime (/proc/uptime)")
        }
    }
}
