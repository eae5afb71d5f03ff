import Foundation
import TermindApplication
import TermindDomain
import TermindTestDoubles
import XCTest

final class HostKeyTrustTests: XCTestCase {
    // MARK: Fixtures

    /// A wire-format public key blob of `type` whose key bytes are all `fill`.
    static func blob(_ type: String, _ fill: UInt8) -> [UInt8] {
        let name = Array(type.utf8)
        return [0, 0, 0, UInt8(name.count)] + name + [0, 0, 0, 32] + Array(repeating: fill, count: 32)
    }

    static func hostKey(_ type: String, _ fill: UInt8) -> HostKey {
        let blob = blob(type, fill)
        return HostKey(algorithm: type, blob: blob, fingerprint: KeyFingerprint(blob: blob))
    }

    private let offered = hostKey("ssh-ed25519", 1)
    private let other = hostKey("ssh-ed25519", 2)

    private func record(_ pattern: String, _ key: HostKey, marker: KnownHost.Marker = .none) -> KnownHost {
        KnownHost(pattern: pattern, keyType: key.algorithm, keyBlob: key.blob, marker: marker)
    }

    /// A `HostKeyTrust` over an in-memory Vault holding `vault` and a scripted presenter.
    private struct Rig {
        let store: InMemoryVaultStore
        let presenter: any InteractionPresenter
        let queue: InteractionQueue
        let trust: HostKeyTrust
        let logger = RecordingLogger()

        init(
            vault: [KnownHost] = [], system: [KnownHostsFileRecord] = [], policy: HostKeyPolicy = .ask,
            presenter: any InteractionPresenter = ScriptedPresenter()
        ) {
            store = InMemoryVaultStore(VaultSnapshot(knownHosts: vault))
            self.presenter = presenter
            queue = InteractionQueue(presenter: presenter)
            trust = HostKeyTrust(store: store, systemRecords: system, policy: policy, interactions: queue, logger: logger)
        }

        var shown: [Interaction] { (presenter as? ScriptedPresenter)?.presented ?? [] }

        func verify(
            _ key: HostKey, hostname: String = "127.0.0.1", port: Int = 2222, label: String = "web",
            generation: AttemptGeneration = .next()
        ) async throws {
            try await trust.verify(key, hostname: hostname, port: port, connectionLabel: label, generation: generation)
        }

        func vault() async -> [KnownHost] { await store.snapshot().knownHosts }
    }

    private func expectFailure(
        _ kind: SSHFailure.Kind, file: StaticString = #filePath, line: UInt = #line, _ body: () async throws -> Void
    ) async -> SSHFailure? {
        do {
            try await body()
            XCTFail("expected SSHFailure(.\(kind)), the key was accepted", file: file, line: line)
        } catch let failure as SSHFailure {
            XCTAssertEqual(failure.kind, kind, failure.description, file: file, line: line)
            return failure
        } catch {
            XCTFail("expected SSHFailure(.\(kind)), got \(error)", file: file, line: line)
        }
        return nil
    }

    // MARK: Known

    func testAKeyRecordedInTheVaultIsAcceptedWithoutAsking() async throws {
        let rig = Rig(vault: [record("[127.0.0.1]:2222", offered)])
        try await rig.verify(offered)
        XCTAssertTrue(rig.shown.isEmpty)
        XCTAssertTrue(rig.store.appliedBatches.isEmpty)
    }

    func testAKeyRecordedInTheSystemFileIsAcceptedWithoutAsking() async throws {
        let system = KnownHostsFileRecord(record: record("[127.0.0.1]:2222", offered), file: "/home/u/.ssh/known_hosts", line: 3)
        let rig = Rig(system: [system])
        try await rig.verify(offered)
        XCTAssertTrue(rig.shown.isEmpty)
        let vault = await rig.vault()
        XCTAssertEqual(vault, [], "trust read from ~/.ssh/known_hosts is not copied into the Vault")
    }

    func testAKeyKnownInTheSystemFileIsAcceptedEvenIfTheVaultHoldsAnotherOfItsType() async throws {
        let system = KnownHostsFileRecord(record: record("[127.0.0.1]:2222", offered), file: "/k", line: 1)
        let rig = Rig(vault: [record("[127.0.0.1]:2222", other)], system: [system])
        try await rig.verify(offered)
    }

    // MARK: Revoked and changed

    func testARevokedKeyFailsNamingTheRecordAndFingerprint() async {
        let rig = Rig(vault: [record("[127.0.0.1]:2222", offered), record("*", offered, marker: .revoked)])
        let failure = await expectFailure(.hostKeyRevoked) { try await rig.verify(offered) }
        XCTAssertEqual(failure?.exitCode, .hostKeyChanged)
        XCTAssertEqual(failure?.connection, "web")
        XCTAssertTrue(failure?.detail.contains("'*'") ?? false, failure?.detail ?? "")
        XCTAssertTrue(failure?.detail.contains(offered.fingerprint.description) ?? false, failure?.detail ?? "")
        XCTAssertTrue(rig.shown.isEmpty)
    }

    func testARevokedKeyInTheSystemFileWinsOverAVaultRecordTrustingIt() async {
        let revoked = KnownHostsFileRecord(record: record("127.0.0.1", offered, marker: .revoked), file: "/k", line: 7)
        let rig = Rig(vault: [record("127.0.0.1", offered)], system: [revoked])
        let failure = await expectFailure(.hostKeyRevoked) { try await rig.verify(offered, port: 22) }
        XCTAssertTrue(failure?.detail.contains("/k:7") ?? false, failure?.detail ?? "")
    }

    func testAChangedKeyFailsNamingBothFingerprintsTheRecordAndTheWayToChangeIt() async {
        let rig = Rig(vault: [record("[127.0.0.1]:2222", other)])
        let failure = await expectFailure(.hostKeyChanged) { try await rig.verify(offered) }
        let detail = failure?.detail ?? ""
        XCTAssertEqual(failure?.exitCode, .hostKeyChanged)
        XCTAssertTrue(detail.contains(offered.fingerprint.description), detail)
        XCTAssertTrue(detail.contains(other.fingerprint.description), detail)
        XCTAssertTrue(detail.contains("[127.0.0.1]:2222"), detail)
        XCTAssertTrue(detail.contains("the Vault's Known Hosts"), detail)
        XCTAssertTrue(detail.contains("'termind known-hosts rm [127.0.0.1]:2222'"), detail)
        XCTAssertTrue(rig.shown.isEmpty, "a changed key is never offered for trust")
        XCTAssertTrue(rig.store.appliedBatches.isEmpty)
    }

    func testAChangedKeyFromTheSystemFileNamesItsFileAndLine() async {
        let system = KnownHostsFileRecord(record: record("web.example.com", other), file: "/home/u/.ssh/known_hosts", line: 12)
        let rig = Rig(system: [system])
        let failure = await expectFailure(.hostKeyChanged) { try await rig.verify(offered, hostname: "web.example.com", port: 22) }
        let detail = failure?.detail ?? ""
        XCTAssertTrue(detail.contains("/home/u/.ssh/known_hosts:12"), detail)
        XCTAssertTrue(detail.contains("ssh-keygen -R 'web.example.com'"), detail)
        XCTAssertTrue(detail.contains("--no-system-known-hosts"), detail)
        XCTAssertFalse(detail.contains("termind known-hosts rm"), "termind cannot remove a line of that file: \(detail)")
        XCTAssertTrue(detail.contains(other.fingerprint.description), detail)
        XCTAssertTrue(detail.contains(offered.fingerprint.description), detail)
    }

    func testAcceptNewStillFailsOnAChangedKey() async {
        let rig = Rig(vault: [record("[127.0.0.1]:2222", other)], policy: .acceptNew)
        _ = await expectFailure(.hostKeyChanged) { try await rig.verify(offered) }
        XCTAssertTrue(rig.store.appliedBatches.isEmpty)
    }

    // MARK: Unknown

    func testAnUnknownKeyAsksWithHostPortTypeAndFingerprint() async throws {
        let rig = Rig(presenter: ScriptedPresenter(hostKey: .trustOnce))
        let generation = AttemptGeneration.next()
        try await rig.verify(offered, label: "web", generation: generation)
        XCTAssertEqual(rig.shown.count, 1)
        XCTAssertEqual(rig.shown.first?.connectionLabel, "web")
        XCTAssertEqual(rig.shown.first?.generation, generation)
        XCTAssertEqual(
            rig.shown.first?.request,
            .hostKey(HostKeyQuestion(hostname: "127.0.0.1", port: 2222, keyType: "ssh-ed25519", fingerprint: offered.fingerprint)))
    }

    func testTrustOnceIsNeitherSavedNorRememberedByTheNextAttempt() async throws {
        let rig = Rig(presenter: ScriptedPresenter(hostKey: .trustOnce, .reject))
        try await rig.verify(offered, generation: .next())
        XCTAssertTrue(rig.store.appliedBatches.isEmpty)
        _ = await expectFailure(.hostKeyRejected) { try await rig.verify(offered, generation: .next()) }
        XCTAssertEqual(rig.shown.count, 2, "the second attempt asked again")
        let vault = await rig.vault()
        XCTAssertEqual(vault, [])
    }

    func testTrustAndSaveWritesExactlyOneRecordThatTheNextAttemptKnows() async throws {
        let rig = Rig(presenter: ScriptedPresenter(hostKey: .trustAndSave))
        try await rig.verify(offered)
        XCTAssertEqual(rig.store.appliedBatches.count, 1)
        let vault = await rig.vault()
        XCTAssertEqual(vault.count, 1)
        XCTAssertEqual(vault.first?.pattern, "[127.0.0.1]:2222")
        XCTAssertEqual(vault.first?.keyType, "ssh-ed25519")
        XCTAssertEqual(vault.first?.keyBlob, offered.blob)
        XCTAssertEqual(vault.first?.marker, KnownHost.Marker.none)

        try await rig.verify(offered, generation: .next())
        XCTAssertEqual(rig.shown.count, 1, "the saved key is known: not asked again")
        XCTAssertEqual(rig.store.appliedBatches.count, 1)
    }

    func testASavedKeyOnPort22IsRecordedUnderThePlainLowercasedHostname() async throws {
        let rig = Rig(presenter: ScriptedPresenter(hostKey: .trustAndSave))
        try await rig.verify(offered, hostname: "Web.Example.COM", port: 22)
        let patterns = await rig.vault().map(\.pattern)
        XCTAssertEqual(patterns, ["web.example.com"])
    }

    func testRejectFailsWithExitFourAndSavesNothing() async {
        let rig = Rig(presenter: ScriptedPresenter(hostKey: .reject))
        let failure = await expectFailure(.hostKeyRejected) { try await rig.verify(offered) }
        XCTAssertEqual(failure?.exitCode, .hostKeyNotAccepted)
        XCTAssertTrue(rig.store.appliedBatches.isEmpty)
    }

    func testAcceptNewSavesAnUnknownKeyWithoutAsking() async throws {
        let rig = Rig(policy: .acceptNew)
        try await rig.verify(offered)
        XCTAssertTrue(rig.shown.isEmpty)
        let vault = await rig.vault()
        XCTAssertEqual(vault.map(\.pattern), ["[127.0.0.1]:2222"])
        XCTAssertEqual(vault.map(\.keyBlob), [offered.blob])
    }

    /// Issue 19's rule for every host key failure: what failed (the key), where (the host and
    /// port), one thing to do, and no clause said twice.
    func testEveryHostKeyFailureSaysWhatWhereAndWhatToDoOnce() async {
        let cases: [(SSHFailure.Kind, Rig, String)] = [
            (.hostKeyUnknown, Rig(presenter: SilentPresenter()), "--accept-new"),
            (.hostKeyChanged, Rig(vault: [record("[127.0.0.1]:2222", other)]), "termind known-hosts"),
            (.hostKeyRevoked, Rig(vault: [record("*", offered, marker: .revoked)]), "must use another key"),
        ]
        for (kind, rig, todo) in cases {
            let message = (await expectFailure(kind) { try await rig.verify(offered) })?.description ?? ""
            XCTAssertTrue(message.contains(offered.fingerprint.description), "\(kind) names the key: \(message)")
            XCTAssertTrue(message.contains("127.0.0.1"), "\(kind) names the host: \(message)")
            XCTAssertTrue(message.contains(todo), "\(kind) says what to do: \(message)")
            let clauses = message.replacingOccurrences(of: ". ", with: ";").split(separator: ";")
                .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { $0.count > 3 }
            XCTAssertEqual(Set(clauses).count, clauses.count, "\(kind) repeats a clause: \(message)")
        }
    }

    func testTheSilentPresenterMakesAnUnknownKeyFailWithExitFour() async {
        let rig = Rig(presenter: SilentPresenter())
        let failure = await expectFailure(.hostKeyUnknown) { try await rig.verify(offered) }
        XCTAssertEqual(failure?.exitCode, .hostKeyNotAccepted)
        XCTAssertEqual(failure?.exitCode.rawValue, 4)
        let detail = failure?.detail ?? ""
        XCTAssertTrue(detail.contains("--accept-new"), detail)
        XCTAssertTrue(detail.contains("termind known-hosts add"), detail)
        XCTAssertTrue(detail.contains(offered.fingerprint.description), detail)
    }

    func testARetiredAttemptsQuestionEndsAsCancelled() async {
        let rig = Rig(presenter: ScriptedPresenter(hostKey: .trustAndSave))
        let generation = AttemptGeneration.next()
        await rig.queue.cancel(generation: generation)
        let failure = await expectFailure(.cancelled) { try await rig.verify(offered, generation: generation) }
        XCTAssertEqual(failure?.exitCode, .interrupted)
        XCTAssertTrue(rig.store.appliedBatches.isEmpty)
    }

    func testAKeyOfANewTypeForAKnownHostIsUnknownAndTheQuestionListsTheRecordedTypes() async throws {
        let rsa = Self.hostKey("ssh-rsa", 9)
        let rig = Rig(vault: [record("[127.0.0.1]:2222", rsa)], presenter: ScriptedPresenter(hostKey: .trustOnce))
        try await rig.verify(offered)
        guard case .hostKey(let question) = rig.shown.first?.request else { return XCTFail("no host-key question") }
        XCTAssertEqual(question.recordedKeyTypes, ["ssh-rsa"])
    }

    func testTheSystemFileIsConsultedForRecordedTypes() async throws {
        let rsa = Self.hostKey("ssh-rsa", 9)
        let system = KnownHostsFileRecord(record: record("[127.0.0.1]:2222", rsa), file: "/k", line: 1)
        let rig = Rig(system: [system], presenter: ScriptedPresenter(hostKey: .trustOnce))
        try await rig.verify(offered)
        guard case .hostKey(let question) = rig.shown.first?.request else { return XCTFail("no host-key question") }
        XCTAssertEqual(question.recordedKeyTypes, ["ssh-rsa"])
    }

    // MARK: Preferred algorithms

    func testPreferredAlgorithmsListTheVaultsTypesFirstThenTheSystemFilesWithoutRepeats() async {
        let ecdsa = Self.hostKey("ecdsa-sha2-nistp256", 3)
        let rsa = Self.hostKey("ssh-rsa", 4)
        let certificate = KnownHost(pattern: "[127.0.0.1]:2222", keyType: "ssh-ed25519-cert-v01@openssh.com", keyBlob: [1])
        let system = [
            KnownHostsFileRecord(record: record("[127.0.0.1]:2222", offered), file: "/k", line: 1),
            KnownHostsFileRecord(record: record("[127.0.0.1]:2222", rsa), file: "/k", line: 2),
            KnownHostsFileRecord(record: certificate, file: "/k", line: 3),
        ]
        let vault = [record("[127.0.0.1]:2222", rsa), record("[127.0.0.1]:2222", ecdsa), record("elsewhere", other)]
        let rig = Rig(vault: vault, system: system)
        let preferred = await rig.trust.preferredAlgorithms(hostname: "127.0.0.1", port: 2222)
        XCTAssertEqual(preferred, ["ssh-rsa", "ecdsa-sha2-nistp256", "ssh-ed25519"])
    }

    func testPreferredAlgorithmsAreEmptyForAnUnrecordedHost() async {
        let rig = Rig(vault: [record("other.example.com", offered)])
        let preferred = await rig.trust.preferredAlgorithms(hostname: "127.0.0.1", port: 2222)
        XCTAssertEqual(preferred, [])
    }

    func testHostKeyMethodsAreTheNamesLibssh2Negotiates() {
        XCTAssertEqual(HostKeyTrust.hostKeyMethod(forKeyType: "ssh-ed25519"), "ssh-ed25519")
        XCTAssertEqual(HostKeyTrust.hostKeyMethod(forKeyType: "ecdsa-sha2-nistp521"), "ecdsa-sha2-nistp521")
        XCTAssertEqual(HostKeyTrust.hostKeyMethod(forKeyType: "ssh-rsa"), "ssh-rsa")
        XCTAssertEqual(HostKeyTrust.hostKeyMethod(forKeyType: "rsa-sha2-512"), "ssh-rsa")
        XCTAssertNil(HostKeyTrust.hostKeyMethod(forKeyType: "sk-ssh-ed25519@openssh.com"))
    }
}
