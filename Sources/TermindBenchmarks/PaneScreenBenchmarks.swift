import Foundation
import TermindPresentation

/// The pane's emulator alone, in this process: 64 MiB of base64 text (lines of 76 columns) fed
/// to a 45×160 `VTermSurface` in 64 KiB writes, as a pane's reader hands them over, with a
/// frame's worth of damaged rows copied out every 16 ms as `TerminalPane` does. What the
/// `workbench` benchmark's `cat` costs before any SSH or drawing. `termind-bench screen` runs it.
struct PaneScreenBenchmarks {
    let iterations = 3

    func run() throws {
        // 48 MiB of random bytes (SplitMix64) as `base64 -w 76` prints them through a pty: CR LF.
        var state: UInt64 = 0x5EED
        let raw = (0..<(48 << 20) / 8).map { _ in
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
        let encoded = raw.withUnsafeBytes { Data($0).base64EncodedData(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed]) }
        let text = [UInt8](encoded)
        let seconds = try medianSeconds(iterations) {
            let surface = VTermSurface(rows: 45, columns: 160)
            var lastFrame = DispatchTime.now().uptimeNanoseconds
            var copied = 0
            text.withUnsafeBytes { all in
                var offset = 0
                while offset < all.count {
                    let end = min(all.count, offset + 65_536)
                    surface.write(UnsafeRawBufferPointer(rebasing: all[offset..<end]))
                    offset = end
                    let now = DispatchTime.now().uptimeNanoseconds
                    if now - lastFrame > 16_000_000 {
                        for row in surface.takeDamagedRows() { copied += surface.cells(row: row).count }
                        lastFrame = now
                    }
                }
            }
            precondition(copied > 0 && surface.scrollbackCount == 10_000)
        }
        print("")
        print("pane screen (in process; 45x160 VTermSurface, median of \(iterations))")
        print(String(format: "feed %d MiB of base64 lines      %@   (%.0f MB/s)", text.count >> 20, formatSeconds(seconds), Double(text.count) / seconds / 1e6))

        // A resize reflows the whole scrollback: 10,000 rows of 76 columns cut at 60 (each line
        // two rows, the oldest dropped) and joined again at 160.
        let full = VTermSurface(rows: 45, columns: 160)
        text.withUnsafeBytes { full.write(UnsafeRawBufferPointer(rebasing: $0[0..<(4 << 20)])) }
        var narrowing: [Double] = [], widening: [Double] = []
        for _ in 0..<iterations {
            narrowing.append(try medianSeconds(1) { full.resize(rows: 45, columns: 60) })
            widening.append(try medianSeconds(1) { full.resize(rows: 45, columns: 160) })
        }
        print("reflow 10,000 scrollback rows to 60 columns  \(formatSeconds(narrowing.sorted()[iterations / 2]))")
        print("and back to 160                              \(formatSeconds(widening.sorted()[iterations / 2]))")
    }
}
