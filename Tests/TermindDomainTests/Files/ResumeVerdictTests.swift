import Foundation
import TermindDomain
import XCTest

/// `ResumeVerdict`: what a transfer does with the file at its partial's name, decided from the
/// earlier record, the partial found and the source as it is now; every branch without a file
/// system.
final class ResumeVerdictTests: XCTestCase {
    private static let sha = String(repeating: "ab", count: 32)
    private static let began = Date(timeIntervalSince1970: 1_700_000_000)
    private static let saved = Date(timeIntervalSince1970: 1_700_000_500)
    /// Modified long before the copy began: size and mtime are trusted for a remote source.
    private static let modifiedLongBefore: Int64 = 1_600_000_000

    private func record(
        describesThisSource: Bool = true, namesThisPartial: Bool = true, sourceSize: UInt64 = 1000,
        sourceModified: Int64? = modifiedLongBefore, verifiedBytes: UInt64 = 400, startedAt: Date? = began
    ) -> ResumeVerdict.Record {
        ResumeVerdict.Record(
            describesThisSource: describesThisSource, namesThisPartial: namesThisPartial, sourceSize: sourceSize,
            sourceModified: sourceModified, verifiedBytes: verifiedBytes, sha256: Self.sha, startedAt: startedAt,
            savedAt: Self.saved)
    }

    private func source(size: UInt64 = 1000, modified: Int64? = modifiedLongBefore, isLocal: Bool = false)
        -> ResumeVerdict.Source
    {
        ResumeVerdict.Source(size: size, modified: modified, isLocal: isLocal)
    }

    private func recordedPartial(size: UInt64? = 600) -> ResumeVerdict.Partial {
        .found(size: size, isTheRecordedFile: true)
    }

    private func continuation(cutsTheTail: Bool = true, startedAt: Date = began) -> ResumeVerdict.Continuation {
        ResumeVerdict.Continuation(prefix: VerifiedPrefix(length: 400, sha256: Self.sha), cutsTheTail: cutsTheTail, startedAt: startedAt)
    }

    func testEveryBranchOfTheDecision() {
        let cases: [(String, ResumeVerdict.Record?, ResumeVerdict.Partial, ResumeVerdict.Source, Bool, ResumeVerdict)] = [
            ("created, nothing recorded", nil, .created, source(), true, .restart(nil)),
            ("created, not resuming", record(), .created, source(), false, .restart(nil)),
            ("created where a record named a partial", record(), .created, source(), true, .restart(.partialMissing)),
            ("found, no record", nil, recordedPartial(), source(), true, .refuse(.unrecorded)),
            ("found, the record names another path", record(namesThisPartial: false), recordedPartial(), source(), true,
             .refuse(.unrecorded)),
            ("found, not the recorded file", record(), .found(size: 600, isTheRecordedFile: false), source(), true,
             .refuse(.notTheRecordedFile)),
            ("found, not the recorded file, size unknown", record(), .found(size: nil, isTheRecordedFile: false), source(), true,
             .refuse(.notTheRecordedFile)),
            ("found empty, not the recorded file (killed before recording it)", record(),
             .found(size: 0, isTheRecordedFile: false), source(), true, .restart(.partialShorter)),
            ("found, not resuming", record(), recordedPartial(), source(), false, .restart(.resumeNotRequested)),
            ("found, record of another source or layout", record(describesThisSource: false), recordedPartial(), source(), true,
             .restart(.noRecord)),
            ("source size changed", record(), recordedPartial(), source(size: 999), true, .restart(.sourceChanged)),
            ("source mtime changed", record(), recordedPartial(), source(modified: 1_600_000_001), true, .restart(.sourceChanged)),
            ("source mtime now unknown", record(), recordedPartial(), source(modified: nil), true, .restart(.sourceChanged)),
            ("verified past the source's end", record(sourceSize: 300, verifiedBytes: 400), recordedPartial(),
             source(size: 300), true, .restart(.sourceChanged)),
            ("partial shorter than verified", record(), recordedPartial(size: 399), source(), true, .restart(.partialShorter)),
            ("partial size unknown counts as empty", record(), recordedPartial(size: nil), source(), true,
             .restart(.partialShorter)),
            ("remote source, old mtime: hash the partial only", record(), recordedPartial(), source(), true,
             .hashThePrefix(.init(of: .partial, then: continuation()))),
            ("partial exactly the verified length: nothing to cut", record(), recordedPartial(size: 400), source(), true,
             .hashThePrefix(.init(of: .partial, then: continuation(cutsTheTail: false)))),
            ("local source: the source's prefix too", record(), recordedPartial(), source(isLocal: true), true,
             .hashThePrefix(.init(of: .partial, then: continuation(), andTheSource: true))),
            ("remote source modified near when the copy began", record(sourceModified: 1_700_000_010),
             recordedPartial(), source(modified: 1_700_000_010), true,
             .hashThePrefix(.init(of: .partial, then: continuation(), andTheSource: true))),
            ("remote source modified just outside the window", record(sourceModified: 1_700_000_011),
             recordedPartial(), source(modified: 1_700_000_011), true,
             .hashThePrefix(.init(of: .partial, then: continuation()))),
            ("remote source of unknown mtime", record(sourceModified: nil), recordedPartial(), source(modified: nil), true,
             .hashThePrefix(.init(of: .partial, then: continuation(), andTheSource: true))),
            ("record of an earlier version (no start time): the saved time stands in", record(startedAt: nil),
             recordedPartial(), source(), true,
             .hashThePrefix(.init(of: .partial, then: continuation(startedAt: Self.saved), andTheSource: true))),
        ]
        for (name, record, partial, source, resuming, expected) in cases {
            XCTAssertEqual(ResumeVerdict.decide(record: record, partial: partial, source: source, resuming: resuming), expected, name)
        }
    }

    func testNothingVerifiedNeedsNoCheckOfTheSource() {
        let verdict = ResumeVerdict.decide(
            record: record(verifiedBytes: 0), partial: recordedPartial(size: 0), source: source(isLocal: true), resuming: true)
        let kept = ResumeVerdict.Continuation(prefix: VerifiedPrefix(length: 0, sha256: Self.sha), cutsTheTail: false, startedAt: Self.began)
        XCTAssertEqual(verdict, .hashThePrefix(.init(of: .partial, then: kept)))
    }

    func testEveryOutcomeOfReadingThePrefixBack() {
        let partialOnly = ResumeVerdict.PrefixCheck(of: .partial, then: continuation())
        let partialThenSource = ResumeVerdict.PrefixCheck(of: .partial, then: continuation(), andTheSource: true)
        let source = ResumeVerdict.PrefixCheck(of: .source, then: continuation())
        let other = String(repeating: "cd", count: 32)
        let cases: [(String, ResumeVerdict.PrefixCheck, String?, ResumeVerdict)] = [
            ("the partial holds the recorded bytes", partialOnly, Self.sha, .continue(continuation())),
            ("the partial changed", partialOnly, other, .restart(.partialChanged)),
            ("the partial could not be read", partialOnly, nil, .restart(.partialUnreadable)),
            ("the partial matches: the source is next", partialThenSource, Self.sha, .hashThePrefix(source)),
            ("the partial changed: the source is not read", partialThenSource, other, .restart(.partialChanged)),
            ("the source holds the same bytes", source, Self.sha, .continue(continuation())),
            ("the source was rewritten at the same size and time", source, other, .restart(.sourceRewritten)),
            ("the source could not be read back", source, nil, .restart(.sourceChanged)),
        ]
        for (name, check, hashed, expected) in cases {
            XCTAssertEqual(check.verdict(hashed: hashed), expected, name)
        }
        XCTAssertEqual(partialOnly.length, 400)
        XCTAssertEqual(partialOnly.sha256, Self.sha)
    }
}
