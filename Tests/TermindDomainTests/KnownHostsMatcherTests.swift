import Foundation
import TermindDomain
import XCTest

/// Host patterns match the way OpenSSH's known_hosts matching does: against the lookup name
/// (`host`, or `[host]:port` off port 22), with comma lists, `*`/`?`, `!` negation and hashes.
final class KnownHostsMatcherTests: XCTestCase {
    private func matches(_ pattern: String, _ hostname: String, port: Int = 22) -> Bool {
        KnownHostsMatcher.patternMatches(pattern, hostname: hostname, port: port)
    }

    func testLookupNameIsBareOnPort22AndBracketedElsewhere() {
        XCTAssertEqual(KnownHostsMatcher.lookupName(hostname: "db.example.com", port: 22), "db.example.com")
        XCTAssertEqual(KnownHostsMatcher.lookupName(hostname: "db.example.com", port: 2222), "[db.example.com]:2222")
        XCTAssertEqual(KnownHostsMatcher.lookupName(hostname: "::1", port: 2222), "[::1]:2222")
        XCTAssertEqual(KnownHostsMatcher.lookupName(hostname: "::1", port: 22), "::1")
    }

    func testPlainNameMatchesOnlyThatWholeName() {
        XCTAssertTrue(matches("db.example.com", "db.example.com"))
        XCTAssertFalse(matches("db.example.com", "db.example.co"))
        XCTAssertFalse(matches("db.example.com", "xdb.example.com"))
        XCTAssertFalse(matches("db.example.com", "db"))
    }

    func testLetterCaseIsIgnoredInPatternAndHostname() {
        XCTAssertTrue(matches("DB.Example.COM", "db.example.com"))
        XCTAssertTrue(matches("db.example.com", "Db.EXAMPLE.com"))
        XCTAssertTrue(matches("[DB.example.com]:2222", "db.EXAMPLE.com", port: 2222))
    }

    func testCommaListMatchesAnyOfItsNames() {
        let list = "alpha.example.com,192.0.2.7,[beta.example.com]:2200"
        XCTAssertTrue(matches(list, "alpha.example.com"))
        XCTAssertTrue(matches(list, "192.0.2.7"))
        XCTAssertTrue(matches(list, "beta.example.com", port: 2200))
        XCTAssertFalse(matches(list, "beta.example.com"))
        XCTAssertFalse(matches(list, "gamma.example.com"))
    }

    func testStarMatchesAnyRunAndQuestionMarkExactlyOneCharacter() {
        XCTAssertTrue(matches("*.example.com", "db.example.com"))
        XCTAssertTrue(matches("*.example.com", "a.b.example.com"))
        XCTAssertFalse(matches("*.example.com", "example.com"))
        XCTAssertTrue(matches("*", "anything"))
        XCTAssertTrue(matches("web?.example.com", "web1.example.com"))
        XCTAssertFalse(matches("web?.example.com", "web.example.com"))
        XCTAssertFalse(matches("web?.example.com", "web12.example.com"))
        XCTAssertTrue(matches("192.0.2.*", "192.0.2.254"))
        XCTAssertTrue(matches("*a*b*c", "xxaxxbxxc"))
        XCTAssertFalse(matches("*a*b*c", "xxaxxcxxb"))
    }

    func testNegatedMatchExcludesTheRecordEvenWhenAnotherPatternMatches() {
        let list = "a.example.com,!bad.example.com,*.example.com"
        XCTAssertTrue(matches(list, "a.example.com"))
        XCTAssertTrue(matches(list, "other.example.com"))
        XCTAssertFalse(matches(list, "bad.example.com"))
        XCTAssertFalse(matches("*.example.com,!BAD.example.com", "bad.example.com"))
    }

    func testNegationAloneMatchesNothing() {
        XCTAssertFalse(matches("!bad.example.com", "good.example.com"))
        XCTAssertFalse(matches("!bad.example.com", "bad.example.com"))
    }

    func testPort22IsLookedUpAsTheBareHostnameNeverBracketed() {
        XCTAssertFalse(matches("[db.example.com]:22", "db.example.com", port: 22))
        XCTAssertTrue(matches("db.example.com", "db.example.com", port: 22))
    }

    func testOtherPortsNeedTheBracketedHostAndPort() {
        XCTAssertFalse(matches("db.example.com", "db.example.com", port: 2222))
        XCTAssertTrue(matches("[db.example.com]:2222", "db.example.com", port: 2222))
        XCTAssertFalse(matches("[db.example.com]:2222", "db.example.com", port: 2223))
        XCTAssertFalse(matches("[db.example.com]:2222", "db.example.com", port: 22))
    }

    func testWildcardWithoutPortDoesNotCoverOtherPorts() {
        XCTAssertFalse(matches("*.example.com", "x.example.com", port: 2222))
        XCTAssertTrue(matches("[*.example.com]:2222", "x.example.com", port: 2222))
        XCTAssertTrue(matches("[*.example.com]:*", "x.example.com", port: 8022))
    }

    func testIPv6LiteralWithPortMatchesItsBracketedForm() {
        XCTAssertTrue(matches("[::1]:2222", "::1", port: 2222))
        XCTAssertFalse(matches("[::1]:2222", "::1", port: 22))
        XCTAssertTrue(matches("::1", "::1", port: 22))
        XCTAssertTrue(matches("[FE80::1]:2222,other", "fe80::1", port: 2222))
    }

    func testHashedPatternMatchesOnlyItsHostAndPort() {
        let salt = [UInt8](repeating: 0x5A, count: 20)
        let onPort22 = KnownHostsMatcher.hashedPattern(hostname: "db.example.com", port: 22, salt: salt)
        let onPort2222 = KnownHostsMatcher.hashedPattern(hostname: "db.example.com", port: 2222, salt: salt)
        XCTAssertTrue(onPort22.hasPrefix("|1|WlpaWlpaWlpaWlpaWlpaWlpaWlo=|"))
        XCTAssertTrue(matches(onPort22, "db.example.com"))
        XCTAssertFalse(matches(onPort22, "db.example.com", port: 2222))
        XCTAssertFalse(matches(onPort22, "web.example.com"))
        XCTAssertTrue(matches(onPort2222, "db.example.com", port: 2222))
        XCTAssertFalse(matches(onPort2222, "db.example.com"))
    }

    func testHashedPatternIsHmacSha1OfTheLookupNameUnderTheSalt() {
        // Made by `ssh-keygen -H` from a line for `mixed.example.net` (OpenSSH 9.2).
        let pattern = "|1|B4BgCXDf8OxJDSHOuI0d3KcxF+8=|LrLyJda8Y0nFMNT8mTB8X2Xb1SM="
        XCTAssertTrue(matches(pattern, "mixed.example.net"))
        XCTAssertTrue(matches(pattern, "Mixed.Example.NET"), "ssh lowercases the hostname before hashing")
        XCTAssertFalse(matches(pattern, "mixed.example.org"))
        let salt = [UInt8](Data(base64Encoded: "B4BgCXDf8OxJDSHOuI0d3KcxF+8=")!)
        XCTAssertEqual(KnownHostsMatcher.hashedPattern(hostname: "mixed.example.net", port: 22, salt: salt), pattern)
    }

    func testMalformedHashedPatternMatchesNothing() {
        XCTAssertFalse(matches("|1|notbase64!|AAAA", "db.example.com"))
        XCTAssertFalse(matches("|2|WlpaWlpaWlpaWlpaWlpaWlpaWlo=|AAAA", "db.example.com"))
        XCTAssertFalse(matches("|1|WlpaWg==|AAAA", "db.example.com"), "salt must be 20 bytes")
    }
}

/// A lookup reads literal names from an index and scans only wildcard and hashed records; what
/// it finds is still every matching record in file order.
final class KnownHostsMatcherOrderTests: XCTestCase {
    func testLiteralWildcardAndHashedMatchesComeBackInFileOrder() {
        let hashed = KnownHostsMatcher.hashedPattern(hostname: "db.example.com", port: 22, salt: Array(repeating: 7, count: 20))
        let records = [
            KnownHost(pattern: "*.example.com", keyType: "ssh-ed25519", keyBlob: KnownHostsFixture.blob("ssh-ed25519", seed: 1)),
            KnownHost(pattern: "web.example.com", keyType: "ssh-ed25519", keyBlob: KnownHostsFixture.blob("ssh-ed25519", seed: 2)),
            KnownHost(pattern: hashed, keyType: "ssh-ed25519", keyBlob: KnownHostsFixture.blob("ssh-ed25519", seed: 3)),
            KnownHost(pattern: "DB.example.com,db.example.com", keyType: "ssh-ed25519", keyBlob: KnownHostsFixture.blob("ssh-ed25519", seed: 4)),
            KnownHost(pattern: "*,!db.example.com", keyType: "ssh-ed25519", keyBlob: KnownHostsFixture.blob("ssh-ed25519", seed: 5)),
            KnownHost(pattern: "db.example.com", keyType: "ssh-ed25519", keyBlob: KnownHostsFixture.blob("ssh-ed25519", seed: 6), marker: .revoked),
        ]
        let matcher = KnownHostsMatcher(records: records)
        let found = matcher.matchingRecords(hostname: "Db.Example.com", port: 22)
        XCTAssertEqual(found.map(\.keyBlob.last), [1, 3, 4], "the wildcard, the hash, the literal list once; not the negated or revoked one")
        XCTAssertEqual(matcher.matchingRecords(hostname: "db.example.com", port: 22, marker: .revoked).map(\.keyBlob.last), [6])
        XCTAssertEqual(matcher.matchingRecords(hostname: "db.example.com", port: 2222).map(\.keyBlob.last), [5], "another port is another name: only `*` covers it")
    }
}
