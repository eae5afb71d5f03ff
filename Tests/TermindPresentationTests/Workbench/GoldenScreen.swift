import Foundation
import XCTest

/// A screen compared with its golden text under `Golden/` (one `.txt` per screen, trailing
/// blanks trimmed). `TERMIND_UPDATE_GOLDEN=1` writes the files instead; without it a missing
/// file fails, so CI never passes on a screen nobody has looked at.
enum GoldenScreen {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static var updates: Bool { ProcessInfo.processInfo.environment["TERMIND_UPDATE_GOLDEN"] == "1" }

    static func text(of lines: [String]) -> String {
        lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n") + "\n"
    }

    static func assert(_ lines: [String], matches name: String, file: StaticString = #filePath, line: UInt = #line) {
        let url = directory.appendingPathComponent(name + ".txt")
        let screen = text(of: lines)
        if updates {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try screen.write(to: url, atomically: true, encoding: .utf8)
            } catch {
                XCTFail("could not write \(url.path): \(error)", file: file, line: line)
            }
            return
        }
        guard let golden = try? String(contentsOf: url, encoding: .utf8) else {
            return XCTFail("no golden screen \(url.path): run the test with TERMIND_UPDATE_GOLDEN=1, then read it\n\(screen)", file: file, line: line)
        }
        XCTAssertEqual(screen, golden, "the screen differs from \(name).txt (TERMIND_UPDATE_GOLDEN=1 rewrites it):\n\(screen)", file: file, line: line)
    }
}
