import Foundation
import TermindApplication
import TermindDomain
import TermindTestDoubles
import XCTest

private typealias Host = TermindDomain.Host

final class ConnectionOpenerTests: XCTestCase {
    private let offered = HostKeyTrustTests.hostKey("ssh-ed25519", 7)

    /// An opener over an in-memory Vault, a stub local account and a recording connector.
    private struct Rig {
        let store: any VaultStore
        let memory: InMemoryVaultStore
        let connector: RecordingConnector
        let account: StubLocalAccount
        let opener: ConnectionOpener

        init(
            _ snapshot: VaultSnapshot = VaultSnapshot(), localUser: String? = "local", offering: HostKey? = nil,
            failing: SSHFailure.Kind? = nil, policy: HostKeyPolicy = .ask, system: [KnownHostsFileRecord] = [],
            recordsHistory: Bool = true
        ) {
            memory = InMemoryVaultStore(snapshot)
            store = recordsHistory ? memory : HistoryRefusingVaultStore(memory)
            connector = RecordingConnector(offering: offering, failing: failing)
            account = StubLocalAccount(userName: localUser)
            let preparer = ConnectionPreparer(
                store: store, secrets: InMemorySecretStore(), keyCodec: StubPrivateKeyCodec(), localAccount: account)
            opener = ConnectionOpener(
                preparer: preparer, connector: connector, systemRecords: system, policy: policy,
                connectTimeout: .seconds(3), requestTimeout: .seconds(9))
        }

        func history() async -> [ConnectionHistoryEntry] { await memory.connectionHistory(hostID: nil) }
    }

    private func host(_ label: String, _ hostname: String, port: Int = 22, username: String? = nil, jumps: [Host] = []) throws -> Host {
        try Host(label: Label(label), hostname: hostname, port: Port(port), username: username, jumpChain: jumps.map(\.id))
    }

    private func queue(_ presenter: ScriptedPresenter = ScriptedPresenter()) -> InteractionQueue {
        InteractionQueue(presenter: presenter)
    }

    // MARK: Plan and history

    func testAVaultHostIsOpenedAsPlannedAndAddsOneConnectionHistoryEntry() async throws {
        let web = try host("web", "web.example.com", port: 2222, username: "deploy")
        let rig = Rig(VaultSnapshot(hosts: [web]))
        let connection = try await rig.opener.open("web", interactions: queue())
        XCTAssertEqual(connection.label, "web")
        let plan = try XCTUnwrap(rig.connector.calls.first?.plan)
        XCTAssertEqual([plan.hostname, plan.username], ["web.example.com", "deploy"])
        XCTAssertEqual(plan.port, 2222)
        let history = await rig.history()
        XCTAssertEqual(history.map(\.hostID), [web.id])
        XCTAssertEqual(history.map(\.kind), [.ssh])
    }

    func testAnAdHocTargetIsOpenedWithoutHistory() async throws {
        let rig = Rig(VaultSnapshot(hosts: [try host("web", "web.example.com")]))
        _ = try await rig.opener.open("bob@db.example.com:2200", interactions: queue())
        let plan = try XCTUnwrap(rig.connector.calls.first?.plan)
        XCTAssertEqual([plan.hostname, plan.username], ["db.example.com", "bob"])
        XCTAssertEqual(plan.port, 2200)
        let history = await rig.history()
        XCTAssertTrue(history.isEmpty)
    }

    func testAConnectionThatFailsAddsNoHistory() async throws {
        let rig = Rig(VaultSnapshot(hosts: [try host("web", "web.example.com")]), failing: .authentication)
        do {
            _ = try await rig.opener.open("web", interactions: queue())
            XCTFail("the connector refused; open must fail")
        } catch let failure as SSHFailure {
            XCTAssertEqual(failure.kind, .authentication)
        }
        let history = await rig.history()
        XCTAssertTrue(history.isEmpty)
    }

    func testAVaultThatCannotRecordHistoryStillOpensTheConnection() async throws {
        let rig = Rig(VaultSnapshot(hosts: [try host("web", "web.example.com")]), recordsHistory: false)
        let connection = try await rig.opener.open("web", interactions: queue())
        XCTAssertEqual(connection.label, "web")
        XCTAssertEqual(rig.connector.calls.count, 1)
    }

    func testLoginNameAndKeyOptionsReachTheTargetButNotItsHops() async throws {
        let bastion = try host("bastion", "bastion.example.com", username: "jump")
        let web = try host("web", "web.example.com", username: "deploy", jumps: [bastion])
        let rig = Rig(VaultSnapshot(hosts: [bastion, web]))
        _ = try await rig.opener.open("web", loginName: "alice", interactions: queue())
        let plan = try XCTUnwrap(rig.connector.calls.first?.plan)
        XCTAssertEqual(plan.username, "alice")
        XCTAssertEqual(plan.jumps.map(\.username), ["jump"])
    }

    // MARK: The local user

    func testTheLocalAccountNamesTheUserOnlyWhenNothingElseDoes() async throws {
        let rig = Rig(VaultSnapshot(hosts: [try host("web", "web.example.com")]))
        _ = try await rig.opener.open("root@db.example.com", interactions: queue())
        _ = try await rig.opener.open("web", loginName: "alice", interactions: queue())
        XCTAssertEqual(rig.account.userNameRequests, 0)
        _ = try await rig.opener.open("web", interactions: queue())
        XCTAssertEqual(rig.connector.calls.map(\.plan.username), ["root", "alice", "local"])
        XCTAssertEqual(rig.account.userNameRequests, 1)
    }

    func testAnAccountWithoutANameFailsClearlyBeforeAnyConnection() async throws {
        let rig = Rig(localUser: nil)
        do {
            _ = try await rig.opener.open("db.example.com", interactions: queue())
            XCTFail("no user name is known; open must fail")
        } catch let failure as LocalAccountUnknown {
            XCTAssertEqual(failure.exitCode, .failure)
            XCTAssertTrue(failure.description.contains("USER@HOST"), failure.description)
        }
        XCTAssertTrue(rig.connector.calls.isEmpty)
    }

    // MARK: Trust

    func testAnUnknownHostKeyIsAskedThroughTheCallersQueueAndSaved() async throws {
        let rig = Rig(VaultSnapshot(hosts: [try host("web", "web.example.com", port: 2222)]), offering: offered)
        let presenter = ScriptedPresenter(hostKey: .trustAndSave)
        let generation = AttemptGeneration.next()
        _ = try await rig.opener.open("web", interactions: queue(presenter), generation: generation)
        XCTAssertEqual(presenter.presented.map(\.connectionLabel), ["web"])
        XCTAssertEqual(presenter.presented.map(\.generation), [generation])
        let saved = await rig.memory.snapshot().knownHosts
        XCTAssertEqual(saved.map(\.pattern), ["[web.example.com]:2222"])
        XCTAssertEqual(saved.map(\.keyBlob), [offered.blob])
    }

    func testAcceptNewSavesAnUnknownHostKeyWithoutAsking() async throws {
        let rig = Rig(VaultSnapshot(hosts: [try host("web", "web.example.com")]), offering: offered, policy: .acceptNew)
        let presenter = ScriptedPresenter()
        _ = try await rig.opener.open("web", interactions: queue(presenter))
        XCTAssertTrue(presenter.presented.isEmpty)
        let saved = await rig.memory.snapshot().knownHosts
        XCTAssertEqual(saved.map(\.pattern), ["web.example.com"])
    }

    func testAKeyInTheSystemKnownHostsIsTrustedWithoutAsking() async throws {
        let record = KnownHost(pattern: "web.example.com", keyType: offered.algorithm, keyBlob: offered.blob)
        let rig = Rig(
            VaultSnapshot(hosts: [try host("web", "web.example.com")]), offering: offered,
            system: [KnownHostsFileRecord(record: record, file: "/home/u/.ssh/known_hosts", line: 1)])
        let presenter = ScriptedPresenter()
        _ = try await rig.opener.open("web", interactions: queue(presenter))
        XCTAssertTrue(presenter.presented.isEmpty)
        let saved = await rig.memory.snapshot().knownHosts
        XCTAssertTrue(saved.isEmpty)
    }

    func testTheTimeoutsReachTheConnector() async throws {
        let rig = Rig()
        _ = try await rig.opener.open("db.example.com", interactions: queue())
        let context = try XCTUnwrap(rig.connector.calls.first?.context)
        XCTAssertEqual(context.connectTimeout, .seconds(3))
        XCTAssertEqual(context.requestTimeout, .seconds(9))
    }

    // MARK: Silent connections

    func testASilentConnectionNeverAsksAndFailsOnAnUnknownKey() async throws {
        let rig = Rig(VaultSnapshot(hosts: [try host("web", "web.example.com")]), offering: offered)
        do {
            _ = try await rig.opener.openSilently("web")
            XCTFail("an unknown key needs a question; a silent connection must fail")
        } catch let failure as SSHFailure {
            XCTAssertEqual(failure.kind, .hostKeyUnknown)
        }
        let saved = await rig.memory.snapshot().knownHosts
        XCTAssertTrue(saved.isEmpty)
    }

    func testASilentConnectionToAKnownHostOpensWithoutHistory() async throws {
        let web = try host("web", "web.example.com")
        let known = KnownHost(pattern: "web.example.com", keyType: offered.algorithm, keyBlob: offered.blob)
        let rig = Rig(VaultSnapshot(hosts: [web], knownHosts: [known]), offering: offered)
        let connection = try await rig.opener.openSilently("web")
        XCTAssertEqual(connection.label, "web")
        let history = await rig.history()
        XCTAssertTrue(history.isEmpty)
    }

    // MARK: Offered host key

    func testTheOfferedHostKeyIsReadThroughTheJumpChainWithoutHistory() async throws {
        let bastion = try host("bastion", "bastion.example.com")
        let web = try host("web", "web.example.com", jumps: [bastion])
        let rig = Rig(VaultSnapshot(hosts: [bastion, web]), offering: offered)
        let key = try await rig.opener.offeredHostKey("web", interactions: queue())
        XCTAssertEqual(key, offered)
        let call = try XCTUnwrap(rig.connector.calls.first)
        XCTAssertTrue(call.probeOnly)
        XCTAssertEqual(call.plan.jumps.map(\.hostname), ["bastion.example.com"])
        let history = await rig.history()
        XCTAssertTrue(history.isEmpty)
    }
}

/// A Vault whose histories cannot be written (a store locked by another process), records
/// read and written through `base`.
private struct HistoryRefusingVaultStore: VaultStore {
    let base: InMemoryVaultStore

    init(_ base: InMemoryVaultStore) { self.base = base }

    private var refusal: VaultUnavailable { InMemoryVaultStore.injectedFailure }

    func snapshot() async throws -> VaultSnapshot { await base.snapshot() }
    func apply(_ changes: [VaultChange]) async throws { try await base.apply(changes) }
    func update<T: Sendable>(_ decide: @escaping @Sendable (VaultSnapshot) throws -> VaultUpdate<T>) async throws -> T {
        try await base.update(decide)
    }
    func record(_ entry: ConnectionHistoryEntry) async throws { throw refusal }
    func record(_ entry: CommandHistoryEntry) async throws { throw refusal }
    func record(_ entry: SFTPHistoryEntry) async throws { throw refusal }
    func connectionHistory(hostID: UUID?) async throws -> [ConnectionHistoryEntry] { await base.connectionHistory(hostID: hostID) }
    func commandHistory(hostID: UUID?) async throws -> [CommandHistoryEntry] { await base.commandHistory(hostID: hostID) }
    func sftpHistory(hostID: UUID?) async throws -> [SFTPHistoryEntry] { await base.sftpHistory(hostID: hostID) }
}
