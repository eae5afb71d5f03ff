import TermindDomain

import XCTest
@testable import TermindPresentation

final class ScreenRendererColorTests: XCTestCase {
    private let palette = TerminalCapabilities(colorDepth: .palette256)
    private let truecolor = TerminalCapabilities(colorDepth: .truecolor)

    // MARK: - Capabilities from the environment

    func testTruecolorOnlyWhenCOLORTERMSaysSo() {
        XCTAssertEqual(TerminalCapabilities(environment: ["COLORTERM": "truecolor"]).colorDepth, .truecolor)
        XCTAssertEqual(TerminalCapabilities(environment: ["COLORTERM": "24bit"]).colorDepth, .truecolor)
        XCTAssertEqual(TerminalCapabilities(environment: ["COLORTERM": "yes"]).colorDepth, .palette256)
        XCTAssertEqual(TerminalCapabilities(environment: [:]).colorDepth, .palette256)
    }

    func testNoColorWhenNOCOLORIsSetAndNotEmpty() {
        XCTAssertTrue(TerminalCapabilities(environment: ["NO_COLOR": "1"]).noColor)
        XCTAssertFalse(TerminalCapabilities(environment: ["NO_COLOR": ""]).noColor)
        XCTAssertFalse(TerminalCapabilities(environment: [:]).noColor)
    }

    // MARK: - Truecolor on a 256-colour terminal

    func testTruecolorIsSentAsItIsWhenTheTerminalHasIt() {
        var renderer = ScreenRenderer(capabilities: truecolor)
        let frame = CellBuffer.with(width: 4, height: 1, lines: ["r"], style: CellStyle(foreground: .rgb(red: 255, green: 0, blue: 0), background: .rgb(red: 1, green: 2, blue: 3)))
        XCTAssertFrame(renderer.render(frame, cursor: .hidden), "⎋[?2026h⎋[m⎋[H⎋[2J⎋[38;2;255;0;0;48;2;1;2;3mr⎋[?25l⎋[?2026l")
    }

    func testTruecolorIsDowngradedToTheNearestCubeOrGreyEntry() {
        var renderer = ScreenRenderer(capabilities: palette)
        var frame = CellBuffer(width: 6, height: 1)
        frame.put("r", column: 0, row: 0, style: CellStyle(foreground: .rgb(red: 255, green: 0, blue: 0)))
        frame.put("g", column: 1, row: 0, style: CellStyle(foreground: .rgb(red: 128, green: 128, blue: 128)))
        frame.put("c", column: 2, row: 0, style: CellStyle(foreground: .rgb(red: 0x5F, green: 0x87, blue: 0xAF)))

        XCTAssertFrame(renderer.render(frame, cursor: .hidden), "⎋[?2026h⎋[m⎋[H⎋[2J⎋[38;5;196mr⎋[38;5;244mg⎋[38;5;67mc⎋[?25l⎋[?2026l")
    }

    func testColoursThatLandOnTheSamePaletteEntryShareOnePenAndNeedNoRedraw() {
        var renderer = ScreenRenderer(capabilities: palette)
        var frame = CellBuffer(width: 6, height: 1)
        frame.put("a", column: 0, row: 0, style: CellStyle(foreground: .rgb(red: 255, green: 0, blue: 0)))
        frame.put("b", column: 1, row: 0, style: CellStyle(foreground: .rgb(red: 250, green: 5, blue: 5)))
        XCTAssertFrame(renderer.render(frame, cursor: .hidden), "⎋[?2026h⎋[m⎋[H⎋[2J⎋[38;5;196mab⎋[?25l⎋[?2026l")

        frame.put("a", column: 0, row: 0, style: CellStyle(foreground: .rgb(red: 252, green: 1, blue: 0)))

        XCTAssertEqual(renderer.render(frame, cursor: .hidden), [], "it looks the same on this terminal")
    }

    func testNearestPaletteIndexOfExactCubeAndGreyColours() {
        XCTAssertEqual(TerminalColor.nearestPaletteIndex(red: 0, green: 0, blue: 0), 16)
        XCTAssertEqual(TerminalColor.nearestPaletteIndex(red: 255, green: 255, blue: 255), 231)
        XCTAssertEqual(TerminalColor.nearestPaletteIndex(red: 0x87, green: 0xD7, blue: 0x00), 16 + 36 * 2 + 6 * 4)
        XCTAssertEqual(TerminalColor.nearestPaletteIndex(red: 8, green: 8, blue: 8), 232)
        XCTAssertEqual(TerminalColor.nearestPaletteIndex(red: 238, green: 238, blue: 238), 255)
        XCTAssertEqual(TerminalColor.nearestPaletteIndex(red: 0x30, green: 0x30, blue: 0x31), 236)
    }

    /// tmux's `colour_find_rgb` written from its description (cube level by thresholds 48, 114
    /// and steps of 40; grey by the average), to check the renderer picks what tmux picks.
    private func tmuxChoice(_ r: Int, _ g: Int, _ b: Int) -> Int {
        func level(_ v: Int) -> Int { v < 48 ? 0 : v < 114 ? 1 : (v - 35) / 40 }
        let values = [0, 95, 135, 175, 215, 255]
        let (qr, qg, qb) = (level(r), level(g), level(b))
        let (cr, cg, cb) = (values[qr], values[qg], values[qb])
        let cube = 16 + 36 * qr + 6 * qg + qb
        if cr == r && cg == g && cb == b { return cube }
        let average = (r + g + b) / 3
        let greyIndex = average > 238 ? 23 : (average - 3) / 10
        let grey = 8 + 10 * greyIndex
        func distance(_ x: Int, _ y: Int, _ z: Int) -> Int { (x - r) * (x - r) + (y - g) * (y - g) + (z - b) * (z - b) }
        return distance(grey, grey, grey) < distance(cr, cg, cb) ? 232 + greyIndex : cube
    }

    func testNearestPaletteIndexAgreesWithTmuxAcrossTheColourSpace() {
        for r in stride(from: 0, through: 255, by: 3) {
            for g in stride(from: 0, through: 255, by: 5) {
                for b in stride(from: 0, through: 255, by: 7) {
                    let ours = TerminalColor.nearestPaletteIndex(red: UInt8(r), green: UInt8(g), blue: UInt8(b))
                    if Int(ours) != tmuxChoice(r, g, b) {
                        XCTFail("rgb(\(r),\(g),\(b)): \(ours), tmux \(tmuxChoice(r, g, b))")
                        return
                    }
                }
            }
        }
    }

    // MARK: - NO_COLOR

    func testNoColorTakesTheColoursOffChromeButKeepsItsAttributes() {
        var renderer = ScreenRenderer(capabilities: TerminalCapabilities(colorDepth: .truecolor, noColor: true))
        var frame = CellBuffer(width: 6, height: 1)
        frame.put("c", column: 0, row: 0, style: CellStyle(foreground: .indexed(1), background: .indexed(4), attributes: .bold))

        XCTAssertFrame(renderer.render(frame, cursor: .hidden), "⎋[?2026h⎋[m⎋[H⎋[2J⎋[1mc⎋[?25l⎋[?2026l")
    }

    func testNoColorLeavesTheRemoteProgramsColoursAlone() {
        let surface = VTermSurface(rows: 1, columns: 6)
        surface.write(Array("\u{1B}[31;44mp".utf8))
        var frame = CellBuffer(width: 6, height: 1)
        frame.copy(from: surface, into: frame.bounds)
        var renderer = ScreenRenderer(capabilities: TerminalCapabilities(colorDepth: .truecolor, noColor: true))

        XCTAssertFrame(renderer.render(frame, cursor: .hidden), "⎋[?2026h⎋[m⎋[H⎋[2J⎋[31;44mp⎋[?25l⎋[?2026l")
    }

    func testChromeThatOnlyChangedColourIsNotRedrawnUnderNoColor() {
        var renderer = ScreenRenderer(capabilities: TerminalCapabilities(noColor: true))
        var frame = CellBuffer.with(width: 6, height: 1, lines: ["tab"], style: CellStyle(foreground: .indexed(2)))
        _ = renderer.render(frame, cursor: .hidden)

        frame.put("tab", column: 0, row: 0, style: CellStyle(foreground: .indexed(3)))

        XCTAssertEqual(renderer.render(frame, cursor: .hidden), [])
    }
}
