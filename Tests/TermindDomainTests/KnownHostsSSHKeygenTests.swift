import Foundation
import TermindDomain
import XCTest

/// OpenSSH's own `ssh-keygen` is the oracle: for a file hashed by `ssh-keygen -H`, the matcher
/// finds exactly the records `ssh-keygen -F` finds for each host.
final class KnownHostsSSHKeygenTests: XCTestCase {
    private typealias Fixture = KnownHostsFixture

    func testHashedFileMatchesTheSameRecordsAsSSHKeygenFind() throws {
        let directory = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ed25519 = try Fixture.generateKey(type: "ed25519", named: "ed25519", in: directory)
        let ecdsa = try Fixture.generateKey(type: "ecdsa", bits: 384, named: "ecdsa", in: directory)
        let rsa = try Fixture.generateKey(type: "rsa", bits: 2048, named: "rsa", in: directory)
        let other = try Fixture.generateKey(type: "ed25519", named: "other", in: directory)

        let plain = """
            # written by hand, then hashed
            alpha.example.com \(ed25519) alpha
            alpha.example.com \(ecdsa)
            [alpha.example.com]:2222 \(other) alpha-2222
            Beta.Example.ORG,192.0.2.7 \(rsa) beta
            [::1]:2222 \(ed25519) loopback
            ::1 \(ecdsa)
            *.example.net \(rsa) wildcard
            [*.example.net]:8022 \(other)
            web.example.net,!bad.example.net \(ed25519) negated
            @revoked * \(other) revoked
            @cert-authority *.example.com \(rsa) ca

            """
        let file = directory.appendingPathComponent("known_hosts")
        try plain.write(to: file, atomically: true, encoding: .utf8)
        let plainRecords = KnownHostsFile.parse(plain, file: file.path).records

        let hashing = try Fixture.runSSHKeygen(["-H", "-f", file.path])
        XCTAssertEqual(hashing.status, 0)
        let hashed = try String(contentsOf: file, encoding: .utf8)
        let (records, warnings) = KnownHostsFile.parse(hashed, file: file.path)
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(records.filter { $0.pattern.hasPrefix("|1|") }.count, 7, hashed)
        let matcher = KnownHostsMatcher(records: records)
        let plainMatcher = KnownHostsMatcher(records: plainRecords)

        let lookups: [(String, Int)] = [
            ("alpha.example.com", 22), ("alpha.example.com", 2222), ("alpha.example.com", 2200),
            ("beta.example.org", 22), ("192.0.2.7", 22), ("beta.example.org", 2222),
            ("::1", 2222), ("::1", 22), ("host.example.net", 22), ("host.example.net", 8022),
            ("web.example.net", 22), ("bad.example.net", 22), ("ca.example.com", 22), ("nowhere.example.org", 22),
        ]
        for (hostname, port) in lookups {
            let name = KnownHostsMatcher.lookupName(hostname: hostname, port: port)
            let expected = try Fixture.sshKeygenFind(name, file: file).sorted()
            let found = allMatching(matcher, hostname, port).map(KnownHostsLine.format).sorted()
            XCTAssertEqual(found, expected, "hashed file, \(name)")
            XCTAssertEqual(
                allMatching(plainMatcher, hostname, port).map(\.comment).sorted(),
                allMatching(matcher, hostname, port).map(\.comment).sorted(), "plain and hashed agree on \(name)")
        }

        let ed25519Blob = [UInt8](Data(base64Encoded: String(ed25519.split(separator: " ")[1]))!)
        let verdict = matcher.verdict(hostname: "alpha.example.com", port: 22, keyType: "ssh-ed25519", keyBlob: ed25519Blob)
        guard case .known(let record) = verdict else { return XCTFail("expected known, got \(verdict)") }
        XCTAssertEqual(record.comment, "alpha")
        XCTAssertEqual(
            matcher.recordedKeyTypes(hostname: "alpha.example.com", port: 22),
            ["ssh-ed25519", "ecdsa-sha2-nistp384"])
    }

    func testEntryHashedByTheMatcherIsFoundBySSHKeygen() throws {
        let directory = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = try Fixture.generateKey(type: "ed25519", named: "host", in: directory)
        let salt = (0..<20).map { UInt8($0 * 7 + 3) }
        let pattern = KnownHostsMatcher.hashedPattern(hostname: "Db.Example.com", port: 2222, salt: salt)
        let file = directory.appendingPathComponent("known_hosts")
        try "\(pattern) \(key)\n".write(to: file, atomically: true, encoding: .utf8)

        XCTAssertEqual(try Fixture.sshKeygenFind("[db.example.com]:2222", file: file), ["\(pattern) \(key)"])
        XCTAssertEqual(try Fixture.sshKeygenFind("db.example.com", file: file), [])
    }

    func testMarkerFollowedByATabIsReadAsSSHKeygenReadsIt() throws {
        let directory = try Fixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = try Fixture.generateKey(type: "ed25519", named: "host", in: directory)
        let tabbed = key.replacingOccurrences(of: " ", with: "\t")
        let text = """
            @revoked\tone.example.com\t\(tabbed)
            @revoked\ttwo.example.com \(key)
            @cert-authority *.example.com\t\(tabbed)
            @cert-authority\t*.example.com \(key) ca

            """
        let file = directory.appendingPathComponent("known_hosts")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let parsed = KnownHostsFile.parseNumbered(text, file: file.path)
        XCTAssertEqual(parsed.records.map(\.line), [1, 3])
        XCTAssertEqual(parsed.records.map(\.record.marker), [.revoked, .certAuthority])
        XCTAssertEqual(parsed.warnings.map(\.line), [2, 4])
        XCTAssertTrue(parsed.warnings[0].reason.contains("put a space after @revoked"), parsed.warnings[0].reason)
        let matcher = KnownHostsMatcher(records: parsed.records.map(\.record))
        for name in ["one.example.com", "two.example.com", "three.example.com"] {
            let output = try Fixture.runSSHKeygen(["-F", name, "-f", file.path]).output
            let found = output.split(separator: "\n").compactMap { line in
                line.range(of: " found: line ").flatMap { Int(line[$0.upperBound...].prefix { $0.isNumber }) }
            }
            XCTAssertEqual(
                matcher.matchingIndices(hostname: name, port: 22, marker: nil).map { parsed.records[$0].line }, found,
                name)
        }
    }

    /// Every record, of any marker, whose pattern matches (what `ssh-keygen -F` lists).
    private func allMatching(_ matcher: KnownHostsMatcher, _ hostname: String, _ port: Int) -> [KnownHost] {
        [KnownHost.Marker.none, .revoked, .certAuthority].flatMap {
            matcher.matchingRecords(hostname: hostname, port: port, marker: $0)
        }
    }
}
