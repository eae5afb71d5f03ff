import Foundation
import TermindApplication
@testable import TermindInfrastructure
import TermindTestSupport
import XCTest

/// Records are written by hand (`PartialTransferRecordJSON`); these hold that writer to the bytes
/// Foundation's `JSONEncoder` wrote before it, so records of both kinds read back alike.
final class PartialTransferRecordJSONTests: XCTestCase {
    /// Every ASCII byte, quotes, slashes and backslashes, and characters of two to four bytes.
    private static let awkward: String = {
        var text = ""
        for byte in UInt8(0)..<0x80 { text.unicodeScalars.append(Unicode.Scalar(byte)) }
        return text + #"\"/é漢字"# + "\u{2028}\u{FEFF}😀\u{10FFFF}"
    }()

    func testEveryRecordIsWrittenAsJSONEncoderWritesItAndReadsBackTheSame() throws {
        var generator = SeededRandom(seed: 0x7E2A_11D5)
        for round in 0..<2_000 {
            let record = Self.record(&generator)
            let written = PartialTransferRecordJSON.encode(record)
            let expected = try PartialTransferFiles.encoder.encode(record)
            XCTAssertEqual(
                String(decoding: written, as: UTF8.self), String(decoding: expected, as: UTF8.self), "round \(round)")
            let read = try PartialTransferFiles.decoder.decode(PartialTransferRecord.self, from: written)
            XCTAssertEqual(read, try PartialTransferFiles.decoder.decode(PartialTransferRecord.self, from: expected))
            XCTAssertEqual(read.destination, record.destination)
            XCTAssertEqual(read.partialPath, record.partialPath)
            XCTAssertEqual(read.partial, record.partial)
            XCTAssertEqual(read.writer, record.writer)
        }
    }

    func testARecordWithNothingOptionalAndAnEmptyIdentityIsWrittenAsJSONEncoderWritesIt() throws {
        let record = PartialTransferRecord(
            source: TransferAddress(location: "", path: ""), sourceSize: 0, sourceModified: nil,
            destination: TransferAddress(location: "local", path: Self.awkward), partialPath: "", verifiedBytes: 0,
            sha256: "", savedAt: Date(timeIntervalSince1970: -0.5), partial: FileIdentity())
        XCTAssertEqual(
            String(decoding: PartialTransferRecordJSON.encode(record), as: UTF8.self),
            String(decoding: try PartialTransferFiles.encoder.encode(record), as: UTF8.self))
    }

    func testASavedRecordLoadsInAnotherProcessesStore() async throws {
        let directory = try TemporaryDirectory()
        var generator = SeededRandom(seed: 42)
        let record = Self.record(&generator)
        try await PartialTransferFiles(directory: directory.path).save(record)
        // A fresh store remembers nothing it wrote, so this load decodes the file.
        let loaded = try await PartialTransferFiles(directory: directory.path).load(destination: record.destination)
        XCTAssertEqual(loaded?.partialPath, record.partialPath)
        XCTAssertEqual(loaded?.sha256, record.sha256)
        XCTAssertEqual(loaded?.partial, record.partial)
        XCTAssertEqual(loaded?.savedAt, Date(timeIntervalSince1970: record.savedAt.timeIntervalSince1970.rounded(FloatingPointRoundingRule.down)))
    }

    private static func record(_ generator: inout SeededRandom) -> PartialTransferRecord {
        func text() -> String {
            let length = Int.random(in: 0...24, using: &generator)
            let pool = Array(awkward)
            return String((0..<length).map { _ in pool.randomElement(using: &generator)! })
        }
        func maybe<T>(_ make: () -> T) -> T? { Bool.random(using: &generator) ? make() : nil }
        func date() -> Date {
            Date(timeIntervalSince1970: Double.random(in: 0..<32_503_680_000, using: &generator))
        }
        let identity = maybe {
            FileIdentity(
                device: maybe { UInt64.random(in: 0...UInt64.max, using: &generator) },
                inode: maybe { UInt64.random(in: 0...UInt64.max, using: &generator) },
                userID: maybe { UInt32.random(in: 0...UInt32.max, using: &generator) },
                size: maybe { UInt64.random(in: 0...UInt64.max, using: &generator) },
                modified: maybe { Int64.random(in: Int64.min...Int64.max, using: &generator) })
        }
        return PartialTransferRecord(
            source: TransferAddress(location: text(), path: text()),
            sourceSize: UInt64.random(in: 0...UInt64.max, using: &generator),
            sourceModified: maybe { Int64.random(in: Int64.min...Int64.max, using: &generator) },
            destination: TransferAddress(location: text(), path: text()), partialPath: text(),
            verifiedBytes: UInt64.random(in: 0...UInt64.max, using: &generator), sha256: text(), savedAt: date(),
            startedAt: maybe { date() }, partial: identity, writer: maybe { text() })
    }
}
