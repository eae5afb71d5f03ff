import Foundation
import TermindTestSupport
import XCTest

/// `cp -r` walks a tree as it copies (issue 28, point 5): the first file moves after the
/// first listing, not after the whole tree, and the walk holds the directories still to list,
/// not the tree.
final class StreamedWalkEndToEndTests: MisbehavingServerTestCase {
    func testTheEndlessTreeCopiesItsFirstFileLongBeforeTheWalkEndsAndWalksAThousandDownInBoundedMemory() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
            let message = "/usr/bin/time is missing (apt-get install time); it measures peak memory"
            if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail(message) }
            throw XCTSkip(message)
        }
        let server = try startLiar { $0.endlessTree = "/v/deep" }
        let destination = local.appending("dl").path
        try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
        let first = destination + "/deep/f"
        // The copy runs in the background; the script notes when its first file is complete
        // (the rig's files hold "data"), then waits for it.
        let script = """
            /usr/bin/time -f 'peak %M' -o "$D/time.txt" "$T" cp --batch --accept-new -i "$K" -r --max-depth 1000 "$S" "$D/dl" 2>"$D/stderr.txt" &
            copy=$!
            began=$(date +%s%N)
            until [ "$(cat "$D/dl/deep/f" 2>/dev/null)" = data ]; do
                kill -0 $copy 2>/dev/null || break
                sleep 0.01
            done
            echo "first $(( ($(date +%s%N) - began) / 1000000 ))"
            wait $copy
            echo "status $?"
            echo "total $(( ($(date +%s%N) - began) / 1000000 ))"
            """
        let output = try home.bash(script, timeout: 240, environment: [
            "D": local.path, "K": server.clientPrivateKeyPath, "S": try onLiar("/v/deep"),
        ])
        let stderr = (try? String(contentsOfFile: local.path + "/stderr.txt", encoding: .utf8)) ?? ""
        let lines = output.stdout.split(separator: "\n")
        let firstMilliseconds = lines.first { $0.hasPrefix("first ") }.flatMap { Int($0.dropFirst(6)) }
        let status = lines.first { $0.hasPrefix("status ") }.flatMap { Int32($0.dropFirst(7)) }
        let timeText = (try? String(contentsOfFile: local.path + "/time.txt", encoding: .utf8)) ?? ""
        let peakKiB = timeText.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap { Double($0.dropFirst(5)) }

        XCTAssertEqual(try? String(contentsOfFile: first, encoding: .utf8), "data")
        let totalMilliseconds = lines.first { $0.hasPrefix("total ") }.flatMap { Int($0.dropFirst(6)) }
        // Relative, so a loaded machine slows both sides (here: 57 ms of a 14 s walk); a copy
        // that listed the tree before its first file would take most of the walk.
        XCTAssertLessThan(Double(firstMilliseconds ?? .max) * 10, Double(totalMilliseconds ?? 0),
                          "the first file took \(firstMilliseconds ?? -1) ms of \(totalMilliseconds ?? -1): \(output.stdout)")
        XCTAssertEqual(status, 1, "a per-file failure (the depth): \(stderr)")
        XCTAssertTrue(stderr.contains("is 1001 directories deep, past the limit of 1000 (--max-depth)"), stderr)
        let thousand = destination + "/deep" + String(repeating: "/d", count: 1000)
        XCTAssertEqual(try? String(contentsOfFile: thousand + "/f", encoding: .utf8), "data", "1,000 directories down is copied")
        XCTAssertFalse(FileManager.default.fileExists(atPath: thousand + "/d"), "the 1,001st is not created")
        let peakMiB = (peakKiB ?? .infinity) / 1024
        XCTAssertLessThan(peakMiB, 100, "peak memory \(peakMiB) MiB")
    }
}
