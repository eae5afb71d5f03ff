import Foundation
import TermindApplication
import TermindInfrastructure
import TermindTestSupport
import XCTest

/// The person's editor as a child process: the edit returns only once the editor itself has
/// ended, even when a Ctrl-C (SIGINT to the terminal's process group) reaches the shell that
/// started it, and a failing editor is reported as such.
final class SpawnedEditorTests: XCTestCase {
    func testASIGINTToTheEditorsShellDoesNotEndTheEditBeforeTheEditorEnds() async throws {
        let directory = try TemporaryDirectory(prefix: "termind-editor")
        let marker = directory.appending("finished").path
        // As a Ctrl-C typed while vim runs `:!cmd`: the shell gets SIGINT, the editor goes on.
        let script = try directory.write("""
            #!/bin/sh
            kill -INT $PPID
            sleep 0.3
            echo done > '\(marker)'
            """, to: "editor.sh", mode: 0o755)
        try await SpawnedEditor(environment: ["EDITOR": script]).edit(directory.appending("file").path)
        XCTAssertTrue(FileManager.default.fileExists(atPath: marker), "the edit returned while the editor still ran")
    }

    func testAnEditorThatFailsIsAnEditorFailureWithItsStatus() async throws {
        do {
            try await SpawnedEditor(environment: ["EDITOR": "exit 3;"]).edit("/nonexistent")
            XCTFail("a failing editor passed")
        } catch let failure as EditorFailure {
            XCTAssertEqual(failure.detail, "exited with status 3")
        }
    }
}
