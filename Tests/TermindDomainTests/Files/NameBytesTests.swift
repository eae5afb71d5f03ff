import TermindDomain
import XCTest

/// Names are bytes: every byte sequence comes back exactly, and different bytes never share a
/// `String`.
final class NameBytesTests: XCTestCase {
    func testValidUTF8IsDecodedAsItself() {
        XCTAssertEqual(NameBytes.string(Array("café ✓ 😀".utf8)), "café ✓ 😀")
        XCTAssertEqual(NameBytes.bytes("café ✓ 😀"), Array("café ✓ 😀".utf8))
    }

    func testBytesThatAreNotUTF8GiveDistinctNamesFromTheReplacementCharacter() {
        let ff = NameBytes.string([0x62, 0x61, 0x64, 0xFF])
        let fe = NameBytes.string([0x62, 0x61, 0x64, 0xFE])
        let replacement = NameBytes.string(Array("bad\u{FFFD}".utf8))
        XCTAssertEqual(Set([ff, fe, replacement]).count, 3)
        XCTAssertEqual(NameBytes.bytes(ff), [0x62, 0x61, 0x64, 0xFF])
        XCTAssertEqual(NameBytes.bytes(fe), [0x62, 0x61, 0x64, 0xFE])
        XCTAssertTrue(NameBytes.hasEscapes(ff))
        XCTAssertFalse(NameBytes.hasEscapes(replacement))
    }

    func testOverlongFormsSurrogatesAndTruncatedSequencesAreKeptAsBytes() {
        for bytes: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80]] {
            XCTAssertEqual(NameBytes.bytes(NameBytes.string(bytes)), bytes)
            XCTAssertTrue(NameBytes.hasEscapes(NameBytes.string(bytes)), "\(bytes)")
        }
    }

    func testANameThatReallyHoldsAnEscapeScalarReadsBackAndDiffersFromTheByteItLooksLike() {
        let real = Array("x\u{10FFFF}".utf8)  // 78 F4 8F BF BF
        let decoded = NameBytes.string(real)
        XCTAssertEqual(NameBytes.bytes(decoded), real)
        XCTAssertNotEqual(decoded, NameBytes.string([0x78, 0xFF]))
    }

    func testEveryRandomByteSequenceRoundTrips() {
        var state: UInt64 = 28
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let alphabet: [UInt8] = [0x61, 0x2F, 0x80, 0xBF, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xED, 0xF0, 0xF4, 0x8F, 0xBE, 0xFF]
        var seen: [[UInt8]: String] = [:]
        for _ in 0..<20_000 {
            let length = Int(next() % 7)
            let bytes = (0..<length).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] }
            let name = NameBytes.string(bytes)
            XCTAssertEqual(NameBytes.bytes(name), bytes)
            XCTAssertEqual(NameBytes.withCString(name) { cString in
                var copied: [UInt8] = []
                while cString[copied.count] != 0 { copied.append(UInt8(bitPattern: cString[copied.count])) }
                return copied
            }, bytes)
            seen[bytes] = name
        }
        // One-to-one: different bytes never decode to the same scalars.
        XCTAssertEqual(Set(seen.values.map { Array($0.unicodeScalars) }).count, seen.count)
    }
}
