import TermindCrypto
import XCTest

/// SSH wire encoding against RFC 4251 §5's own examples, and reads that must fail cleanly.
final class SSHWireTests: XCTestCase {
    func testMPIntsEncodeAsRFC4251Examples() {
        let cases: [(String, String)] = [
            ("", "00000000"),
            ("09a378f9b2e332a7", "0000000809a378f9b2e332a7"),
            ("80", "000000020080"),
            ("0000ff", "0000000200ff"),
        ]
        for (magnitude, expected) in cases {
            var writer = SSHWireWriter()
            writer.writePositiveMPInt(magnitude: hex(magnitude))
            XCTAssertEqual(writer.bytes.hexString, expected, "magnitude \(magnitude)")
        }
    }

    func testMPIntsReadBackToTheirMagnitude() throws {
        var reader = SSHWireReader(hex("00000000" + "0000000809a378f9b2e332a7" + "000000020080"))
        XCTAssertEqual(try reader.readPositiveMPInt(), [])
        XCTAssertEqual(try reader.readPositiveMPInt().hexString, "09a378f9b2e332a7")
        XCTAssertEqual(try reader.readPositiveMPInt().hexString, "80")
        XCTAssertTrue(reader.isAtEnd)
    }

    func testNegativeMPIntIsRefused() {
        // -1234 from RFC 4251.
        var reader = SSHWireReader(hex("00000002edcc"))
        XCTAssertThrowsError(try reader.readPositiveMPInt("RSA e")) { error in
            XCTAssertEqual((error as? SSHWireError)?.description, "RSA e at byte 0: is negative")
        }
    }

    func testStringsAndIntegersRoundTrip() throws {
        var writer = SSHWireWriter()
        writer.writeString("ssh-ed25519")
        writer.writeUInt32(0xdead_beef)
        writer.writeString([UInt8]())
        XCTAssertEqual(writer.bytes.hexString, "0000000b7373682d65643235353139deadbeef00000000")
        var reader = SSHWireReader(writer.bytes)
        XCTAssertEqual(try reader.readText(), "ssh-ed25519")
        XCTAssertEqual(try reader.readUInt32(), 0xdead_beef)
        XCTAssertEqual(try reader.readString(), [])
        XCTAssertTrue(reader.isAtEnd)
    }

    func testStringLongerThanWhatRemainsFailsWithoutConsumingIt() {
        var reader = SSHWireReader(hex("0000000a414243"))
        XCTAssertThrowsError(try reader.readString("comment")) { error in
            XCTAssertEqual((error as? SSHWireError)?.description, "comment at byte 0: declares 10 bytes, 3 remain")
        }
        XCTAssertEqual(reader.offset, 0)
    }

    func testShortIntegerNamesItsFieldAndOffset() {
        var reader = SSHWireReader(hex("0000000141" + "0000"))
        XCTAssertNoThrow(try reader.readString())
        XCTAssertThrowsError(try reader.readUInt32("rounds")) { error in
            XCTAssertEqual((error as? SSHWireError)?.description, "rounds at byte 5: needs 4 bytes, 2 remain")
        }
    }
}
