import TermindApplication
import TermindDomain
import XCTest

/// The pure rules of an edit: which editor, whether to upload, what may be replaced.
final class EditRulesTests: XCTestCase {
    private let required = InteractionRequired(need: "a decision", remedy: "pass --yes")

    func testTheSameDigestUploadsNothingWhateverTheConsent() {
        for consent in [UploadConsent.given, .ask { _ in true }, .unavailable(required)] {
            XCTAssertEqual(EditDecision.after(openedDigest: "a", editedDigest: "a", consent: consent), .nothingToUpload)
        }
    }

    func testAChangedDigestUploadsWithConsentAsksOrKeepsTheCopy() {
        XCTAssertEqual(EditDecision.after(openedDigest: "a", editedDigest: "b", consent: .given), .upload)
        XCTAssertEqual(EditDecision.after(openedDigest: "a", editedDigest: "b", consent: .ask { _ in true }), .ask)
        XCTAssertEqual(EditDecision.after(openedDigest: "a", editedDigest: "b", consent: .unavailable(required)), .keepCopy(required))
    }

    func testVisualComesBeforeEditorAndViIsTheLastResort() {
        XCTAssertEqual(EditorCommand(environment: ["VISUAL": "code --wait", "EDITOR": "nano"]).command, "code --wait")
        XCTAssertEqual(EditorCommand(environment: ["VISUAL": " ", "EDITOR": "nano"]).command, "nano")
        XCTAssertEqual(EditorCommand(environment: [:]).command, "vi")
    }

    func testThePathIsAnArgumentOfTheShellNeverPartOfItsText() {
        let path = "/cache/x/$(touch pwned);'\"`.conf"
        let arguments = EditorCommand(environment: ["EDITOR": "code --wait"]).arguments(for: path)
        XCTAssertEqual(arguments, ["/bin/sh", "-c", "trap : INT QUIT; code --wait \"$@\"", "code --wait", path])
        XCTAssertFalse(arguments[2].contains(path))
    }

    func testAReplacementAllowsOnlyTheVersionOpenedUnlessUnchecked() {
        let opened = FileVersion(kind: .file, size: 11, modified: 100, permissions: 0o640)
        let replacement = TransferReplacement(opened: opened)
        XCTAssertTrue(replacement.allows(opened))
        XCTAssertFalse(replacement.allows(nil), "a removed file is a change")
        XCTAssertFalse(replacement.allows(FileVersion(kind: .file, size: 11, modified: 101, permissions: 0o640)))
        XCTAssertFalse(replacement.allows(FileVersion(kind: .file, size: 12, modified: 100, permissions: 0o640)))
        XCTAssertFalse(replacement.allows(FileVersion(kind: .file, size: 11, modified: 100, permissions: 0o600)))
        XCTAssertFalse(replacement.allows(FileVersion(kind: .symlink, size: 11, modified: 100, permissions: 0o640)))
        XCTAssertTrue(TransferReplacement(opened: opened, checked: false).allows(nil))

        let creating = TransferReplacement(opened: nil)
        XCTAssertTrue(creating.allows(nil))
        XCTAssertFalse(creating.allows(opened), "a file that appeared meanwhile is a change")
    }

    func testOutcomesExitAsDocumented() {
        XCTAssertEqual(RemoteEditOutcome.unchanged.exitCode, .success)
        XCTAssertEqual(RemoteEditOutcome.uploaded(bytes: 1, sha256: nil).exitCode, .success)
        XCTAssertEqual(RemoteEditOutcome.consentRequired(required).exitCode, .interactionRequired)
        XCTAssertEqual(RemoteEditOutcome.declined.exitCode, .failure)
        XCTAssertEqual(
            RemoteEditOutcome.remoteChanged(TransferError(.destinationChanged, TransferAddress(location: "web", path: "/a"), "x")).exitCode,
            .failure)
    }
}
