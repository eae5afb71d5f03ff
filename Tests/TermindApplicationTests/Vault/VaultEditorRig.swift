import Foundation
import TermindApplication
import TermindDomain
import TermindTestDoubles
import XCTest

/// A `VaultEditor` over fresh in-memory adapters that share one journal.
struct VaultEditorRig {
    let journal = VaultJournal()
    let store: InMemoryVaultStore
    let secrets: InMemorySecretStore
    let editor: VaultEditor

    init(_ snapshot: VaultSnapshot = VaultSnapshot(), codec: StubPrivateKeyCodec = StubPrivateKeyCodec()) {
        store = InMemoryVaultStore(snapshot, journal: journal)
        secrets = InMemorySecretStore(journal: journal)
        editor = VaultEditor(store: store, secrets: secrets, keyCodec: codec)
    }

    /// The journal entries written after the first `mark` ones.
    func entries(after mark: Int) -> [VaultJournal.Entry] { Array(journal.entries.dropFirst(mark)) }
}

/// Asserts that `body` throws exactly `expected`.
func assertThrows<Failure: Error & Equatable, T>(
    _ expected: Failure, file: StaticString = #filePath, line: UInt = #line, _ body: () async throws -> T
) async {
    do {
        _ = try await body()
        XCTFail("expected \(expected), nothing was thrown", file: file, line: line)
    } catch {
        XCTAssertEqual(error as? Failure, expected, "threw \(error)", file: file, line: line)
    }
}
