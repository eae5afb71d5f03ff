import Foundation
import TermindApplication
import TermindDomain
import TermindInfrastructure
import TermindTestDoubles
import TermindTestSupport
import XCTest

final class SystemKnownHostsTests: XCTestCase {
    private var home: TemporaryDirectory!

    override func setUpWithError() throws {
        home = try TemporaryDirectory(prefix: "termind-known-hosts")
    }

    override func tearDown() {
        home.remove()
    }

    /// A known_hosts key field: the base64 of an ed25519 wire-format blob filled with `fill`.
    private func keyField(_ fill: UInt8) -> String {
        Data(blob(fill)).base64EncodedString()
    }

    private func blob(_ fill: UInt8) -> [UInt8] {
        let name = Array("ssh-ed25519".utf8)
        return [0, 0, 0, UInt8(name.count)] + name + [0, 0, 0, 32] + Array(repeating: fill, count: 32)
    }

    func testRecordsOfBothFilesKeepTheirFileAndLine() throws {
        let first = try home.write(
            """
            # a comment
            web.example.com ssh-ed25519 \(keyField(1)) me@laptop

            @revoked * ssh-ed25519 \(keyField(2))
            """, to: ".ssh/known_hosts")
        let second = try home.write("[db]:2222 ssh-ed25519 \(keyField(3))\n", to: ".ssh/known_hosts2")
        let logger = RecordingLogger()
        let records = SystemKnownHosts(homeDirectory: home.path, logger: logger).load()

        XCTAssertEqual(records.map(\.location), ["\(first):2", "\(first):4", "\(second):1"])
        XCTAssertEqual(records.map(\.record.pattern), ["web.example.com", "*", "[db]:2222"])
        XCTAssertEqual(records.map(\.record.marker), [.none, .revoked, .none])
        XCTAssertEqual(records[0].record.keyBlob, blob(1))
        XCTAssertTrue(logger.entries.filter { $0.level >= .warning }.isEmpty, "\(logger.messages)")
    }

    func testBadLinesAreSkippedWithAWarningNamingFileAndLine() throws {
        let path = try home.write(
            """
            web.example.com ssh-ed25519 \(keyField(1))
            broken-line-with-one-field
            db.example.com ssh-ed25519 !!!notbase64!!!
            api.example.com ssh-ed25519 \(keyField(4))
            """, to: ".ssh/known_hosts")
        let logger = RecordingLogger()
        let records = SystemKnownHosts(homeDirectory: home.path, logger: logger).load()

        XCTAssertEqual(records.map(\.record.pattern), ["web.example.com", "api.example.com"])
        XCTAssertEqual(records.map(\.line), [1, 4])
        let warnings = logger.entries.filter { $0.level == .warning }.map(\.message.text)
        XCTAssertEqual(warnings.count, 2, "\(warnings)")
        XCTAssertTrue(warnings[0].hasPrefix("\(path):2: skipped"), warnings[0])
        XCTAssertTrue(warnings[1].hasPrefix("\(path):3: skipped"), warnings[1])
    }

    func testMissingFilesGiveNoRecordsAndNoWarning() {
        let logger = RecordingLogger()
        let records = SystemKnownHosts(homeDirectory: home.path, logger: logger).load()
        XCTAssertEqual(records, [])
        XCTAssertTrue(logger.entries.filter { $0.level >= .warning }.isEmpty, "\(logger.messages)")
    }

    func testAnUnreadableFileIsSkippedWithAWarningAndTheOtherStillRead() throws {
        try FileManager.default.createDirectory(
            atPath: home.path + "/.ssh/known_hosts", withIntermediateDirectories: true)
        try home.write("web ssh-ed25519 \(keyField(1))\n", to: ".ssh/known_hosts2")
        let logger = RecordingLogger()
        let records = SystemKnownHosts(homeDirectory: home.path, logger: logger).load()
        XCTAssertEqual(records.map(\.record.pattern), ["web"])
        let warnings = logger.entries.filter { $0.level == .warning }.map(\.message.text)
        XCTAssertEqual(warnings.count, 1, "\(warnings)")
        XCTAssertTrue(warnings.first?.contains(home.path + "/.ssh/known_hosts") ?? false, "\(warnings)")
    }

    func testRecordsFromTheFileDriveHostKeyTrust() async throws {
        try home.write("[127.0.0.1]:2222 ssh-ed25519 \(keyField(5))\n", to: ".ssh/known_hosts")
        let records = SystemKnownHosts(homeDirectory: home.path).load()
        let matcher = KnownHostsMatcher(records: records.map(\.record))
        let verdict = matcher.verdict(hostname: "127.0.0.1", port: 2222, keyType: "ssh-ed25519", keyBlob: blob(5))
        guard case .known = verdict else { return XCTFail("expected known, got \(verdict)") }
    }
}
