// Drawing a 24-bit colour on a 256-colour terminal.

extension TerminalColor {
    /// The palette entry nearest to a 24-bit colour, among the 6×6×6 cube (16–231) and the grey
    /// ramp (232–255); the 16 system colours are left out because each terminal shows them
    /// differently. The same choice tmux makes, so colours match what people see there.
    public static func nearestPaletteIndex(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        let (r, g, b) = (Int(red), Int(green), Int(blue))
        let cubeR = nearestCubeLevel(r), cubeG = nearestCubeLevel(g), cubeB = nearestCubeLevel(b)
        let cubeIndex = 16 + 36 * cubeR + 6 * cubeG + cubeB
        let cubeDistance = distance(
            (cubeLevels[cubeR], cubeLevels[cubeG], cubeLevels[cubeB]), (r, g, b)
        )
        guard cubeDistance > 0 else { return UInt8(cubeIndex) }

        // Greys 232–255 run from 8 to 238 in steps of 10.
        let average = (r + g + b) / 3
        let greyStep = min(23, max(0, (average - 3) / 10))
        let grey = 8 + 10 * greyStep
        if distance((grey, grey, grey), (r, g, b)) < cubeDistance {
            return UInt8(232 + greyStep)
        }
        return UInt8(cubeIndex)
    }

    /// The channel values of the cube's six levels (xterm's).
    private static let cubeLevels = [0x00, 0x5F, 0x87, 0xAF, 0xD7, 0xFF]

    /// The cube level whose value is nearest (ties to the lighter level, as tmux's arithmetic does).
    private static func nearestCubeLevel(_ value: Int) -> Int {
        var best = 0
        for level in 1..<cubeLevels.count where abs(cubeLevels[level] - value) <= abs(cubeLevels[best] - value) {
            best = level
        }
        return best
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let (dr, dg, db) = (a.0 - b.0, a.1 - b.1, a.2 - b.2)
        return dr * dr + dg * dg + db * db
    }

    /// This colour as a terminal of `depth` can show it.
    func shown(at depth: TerminalCapabilities.ColorDepth) -> TerminalColor {
        guard depth == .palette256, case .rgb(let red, let green, let blue) = self else { return self }
        return .indexed(Self.nearestPaletteIndex(red: red, green: green, blue: blue))
    }
}
