@testable import TermindRemoteInfrastructure
import XCTest

/// Cutting the channel's byte stream into packets, however the chunks fall.
final class SFTPFramerTests: XCTestCase {
    private func packets(_ lengths: [Int]) -> [[UInt8]] {
        lengths.enumerated().map { index, length in
            Wire.packet((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) })
        }
    }

    func testPacketsComeOutWholeAtEverySplitPoint() throws {
        let sent = packets([1, 5, 300, 2, 70_000])
        let stream = sent.flatMap { $0 }
        for split in [1, 2, 3, 4, 5, 7, 13, 64, 1000, 32_768, stream.count] {
            var framer = SFTPFramer()
            var received: [[UInt8]] = []
            for start in stride(from: 0, to: stream.count, by: split) {
                framer.append(Array(stream[start..<min(start + split, stream.count)]))
                while let packet = try framer.next() { received.append(Array(packet)) }
            }
            XCTAssertEqual(received, sent.map { Array($0.dropFirst(4)) }, "split every \(split) bytes")
            XCTAssertEqual(framer.bufferedCount, 0)
        }
    }

    func testPacketsComeOutWholeAtRandomSplitPoints() throws {
        var generator = SystemRandomNumberGenerator()
        let sent = packets((0..<200).map { _ in Int.random(in: 1...5000, using: &generator) })
        let stream = sent.flatMap { $0 }
        for _ in 0..<20 {
            var framer = SFTPFramer()
            var received: [[UInt8]] = []
            var start = 0
            while start < stream.count {
                let end = min(stream.count, start + Int.random(in: 1...9000, using: &generator))
                framer.append(Array(stream[start..<end]))
                while let packet = try framer.next() { received.append(Array(packet)) }
                start = end
            }
            XCTAssertEqual(received.count, sent.count)
            XCTAssertEqual(received, sent.map { Array($0.dropFirst(4)) })
        }
    }

    func testAnIncompletePacketWaitsForTheRest() throws {
        var framer = SFTPFramer()
        framer.append(Wire.uint32(10) + [1, 2, 3])
        XCTAssertNil(try framer.next())
        XCTAssertEqual(framer.bufferedCount, 7)
        framer.append([4, 5, 6, 7, 8, 9, 10])
        XCTAssertEqual(try framer.next().map(Array.init), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    }

    func testALengthOverTheLimitIsRefusedAsSoonAsItsFourBytesAreIn() {
        var framer = SFTPFramer()
        framer.append(Wire.uint32(UInt32(SFTPFramer.maximumPacketLength + 1)))
        XCTAssertThrowsError(try framer.next()) { error in
            XCTAssertEqual((error as? SFTPWireError)?.detail,
                           "the server sent a packet of 278529 bytes, more than the 278528 Termind accepts")
        }
    }

    func testThePacketAtTheLimitIsAccepted() throws {
        var framer = SFTPFramer()
        framer.append(Wire.packet([UInt8](repeating: 1, count: SFTPFramer.maximumPacketLength)))
        XCTAssertEqual(try framer.next()?.count, SFTPFramer.maximumPacketLength)
    }

    func testAZeroLengthPacketIsRefused() {
        var framer = SFTPFramer()
        framer.append(Wire.uint32(0))
        XCTAssertThrowsError(try framer.next())
    }

    func testTextOnTheChannelIsRecognisedAsALoginScriptsOutput() {
        var framer = SFTPFramer()
        framer.append(Array("Welcome to the server!\n".utf8))
        XCTAssertThrowsError(try framer.next()) { error in
            XCTAssertTrue((error as? SFTPWireError)?.detail.contains("does a login script print something?") == true, "\(error)")
        }
    }
}
