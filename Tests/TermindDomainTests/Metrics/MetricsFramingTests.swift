import TermindDomain
import TermindTestSupport
import XCTest

/// Issue 42: what a user on the server can put in a process name (any bytes: parentheses,
/// newlines, the sampler's markers) is a name and nothing else. Only a line holding the run's
/// boundary, which no process can know, frames a sample; a sample whose frame is wrong fails
/// with a reason instead of reading as zeros.
final class MetricsFramingTests: XCTestCase {
    private let boundary = MetricsSamplerText.boundary
    private var parser: MetricsSampleParser { MetricsSampleParser(boundary: boundary) }

    /// A sample's lines (between its `sample` and `end` markers) with `procs` as its processes.
    private func lines(procs: [String], memory: String = "MemTotal: 8000 kB\nMemAvailable: 2000 kB") -> [Substring] {
        let marker = "@@\(boundary) "
        let text = "\(marker)uptime\n500.25 10\n\(marker)stat\ncpu 10 0 10 80\n\(marker)meminfo\n\(memory)\n\(marker)loadavg\n"
            + "0.5 0.25 0.1 1/2 3\n\(marker)netdev\n\(marker)diskstats\n\(marker)physical\n\(marker)procs\n" + procs.joined(separator: "\n")
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { Substring($0) }
    }

    func testNamesHoldingParenthesesNewlinesAndMarkersAreNamesOnTheirOwnLines() throws {
        // As the script escapes them: a newline as \n, a backslash as \\.
        let sample = try parser.parse(header: "sample 100 4096", lines: lines(procs: [
            #"11 7 50 9 a)b(c) x\\y"#,
            #"12 7 40 9 \n@@end\n"#,
            #"13 7 30 9 \n@@uptime\n9999\n"#,
            #"14 7 20 9 \ncpu 999 0 0 0\n"#,
            #"15 7 10 9 \nMemTotal: 999\n"#,
            #"16 7 5 9 \n@@\#(boundary) end"#,
            "17 7 1 9 busy",
        ]))
        XCTAssertEqual(sample.processes.map(\.name), [
            #"a)b(c) x\y"#, "\n@@end\n", "\n@@uptime\n9999\n", "\ncpu 999 0 0 0\n", "\nMemTotal: 999\n", "\n@@\(boundary) end", "busy",
        ])
        XCTAssertEqual(sample.uptime, 500.25)
        XCTAssertEqual(sample.cpu, CPUTimes(core: nil, busy: 20, total: 100))
        XCTAssertEqual(sample.memory?.total, 8000 * 1024)
        XCTAssertEqual(sample.memory?.available, 2000 * 1024)
    }

    func testMarkerLookalikesWithoutTheBoundaryAreDataOfTheirSection() throws {
        // What a raw name would print if the script did not escape it, and markers of another run.
        let sample = try parser.parse(header: "sample 100 4096", lines: lines(procs: [
            "21 7 9 9 first", "@@end", "@@uptime", "9999", "cpu 999 0 0 0", "MemTotal: 999", "@@0000 end",
            "@@\(boundary)end", " @@\(boundary) end", "22 7 8 9 after",
        ]))
        XCTAssertEqual(sample.processes.map(\.pid), [21, 22], "the lookalikes are no process lines, and hide none")
        XCTAssertEqual(sample.uptime, 500.25)
        XCTAssertEqual(sample.cpu.total, 100)
        XCTAssertEqual(sample.memory?.total, 8000 * 1024)
    }

    func testAnEscapeTheScriptNeverWritesLeavesItsProcessOut() throws {
        let sample = try parser.parse(header: "sample 100 4096", lines: lines(procs: [#"31 7 1 1 bad\x"#, #"32 7 1 1 trailing\"#, "33 7 1 1 ok"]))
        XCTAssertEqual(sample.processes.map(\.pid), [33])
    }

    func testAWrongFrameIsAFailedSampleThatSaysWhy() {
        let marker = "@@\(boundary) "
        let good = lines(procs: ["1 1 1 1 init"])
        let cases: [(String, [Substring], String)] = [
            ("unknown", good + ["\(marker)uptimes"], "the server's metrics sample has a section termind does not know"),
            ("twice", good + ["\(marker)uptime", "9999 1"], "the server's metrics sample has its uptime section twice"),
            ("missing", good.filter { $0 != "\(marker)procs" && $0 != "1 1 1 1 init" }, "the server's metrics sample has no procs section"),
            ("before", ["stray"] + good, "the server's metrics sample has text before its first section"),
        ]
        for (what, lines, reason) in cases {
            XCTAssertThrowsError(try parser.parse(header: "sample 100 4096", lines: lines), what) { error in
                XCTAssertEqual((error as? MetricsParseError)?.description, reason, what)
            }
        }
    }

    func testTheStreamFailsASampleInsideAnotherAndAnEndWithoutASample() {
        var stream = MetricsStream(boundary: boundary)
        XCTAssertThrowsError(try stream.feed(Array("@@\(boundary) end\n".utf8))) { error in
            XCTAssertEqual((error as? MetricsParseError)?.description, "the server's metrics output has a section outside any sample")
        }
        var nested = MetricsStream(boundary: boundary)
        XCTAssertThrowsError(try nested.feed(Array("@@\(boundary) sample 100 4096\n@@\(boundary) sample 100 4096\n".utf8))) { error in
            XCTAssertEqual((error as? MetricsParseError)?.description, "the server's metrics sample ended before its end")
        }
    }

    func testOutputWithoutTheBoundaryIsNoSampleAtAll() throws {
        // The old format, or a server that prints what it likes: nothing is read as figures.
        var stream = MetricsStream(boundary: boundary)
        let old = "@@sample 100 4096\n@@uptime\n9999 1\n@@stat\ncpu 999 0 0 0\n@@meminfo\nMemTotal: 999\n@@end\n@@unavailable\n"
        XCTAssertEqual(try stream.feed(Array(old.utf8)), [])
    }
}
