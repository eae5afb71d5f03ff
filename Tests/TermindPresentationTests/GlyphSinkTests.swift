import CVTerm
@testable import TermindPresentation
import XCTest

/// The glyph callback's C part (`termind_put_glyph`): what it reads of libvterm's glyph. The
/// random comparison with libvterm's own screen (`TerminalScreenAgainstLibvtermTests`: protected
/// cells, double-width and double-height lines, wide and combining characters) checks what it
/// stores.
final class GlyphSinkTests: XCTestCase {
    /// It reads the bit-fields after `width` as one byte; that byte must hold them as the
    /// compiler lays them out, for every value libvterm gives.
    func testTheGlyphBitsReadAsOneByteAreTheFieldsLibvtermSets() {
        for protected in 0...1 as ClosedRange<UInt32> {
            for dwl in 0...1 as ClosedRange<UInt32> {
                for dhl in 0...2 as ClosedRange<UInt32> {
                    var info = VTermGlyphInfo()
                    info.width = 2
                    info.protected_cell = protected
                    info.dwl = dwl
                    info.dhl = dhl
                    let bits = termind_glyph_info_bits(&info)
                    XCTAssertEqual([bits & 1, bits >> 1 & 1, bits >> 2 & 3], [protected, dwl, dhl])
                }
            }
        }
    }
}
