import Foundation
import Synchronization
import TermindDomain
import TermindInfrastructure
import TermindTestDoubles
import TermindTestSupport
import XCTest

/// `termind known-hosts find` reads files with `SystemKnownHosts` and picks lines with
/// `KnownHostsMatcher.matchingIndices(marker: nil)`; here that pair is held against OpenSSH's
/// `ssh-keygen -F` on a generated corpus, plain and hashed by `ssh-keygen -H`.
final class KnownHostsFindAgreementTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "termind-known-hosts-find")
    }

    override func tearDown() {
        directory.remove()
    }

    func testFoundLinesEqualSSHKeygenFindOnTenThousandPlainAndHashedEntries() throws {
        let corpus = KnownHostsCorpus(entries: 10_000, queries: 200, seed: 18_04, keys: try keys())
        let plain = try directory.write(corpus.text, to: "known_hosts")
        let hashed = try directory.write(corpus.text, to: "known_hosts_hashed")
        let hashing = try ChildProcess.run("ssh-keygen", ["-H", "-f", hashed])
        XCTAssertEqual(hashing.status, 0, hashing.stderr)
        let hashedText = try String(contentsOfFile: hashed, encoding: .utf8)
        XCTAssertGreaterThan(hashedText.components(separatedBy: "|1|").count - 1, 5_000, "ssh-keygen -H hashed the names")

        // Both files at once, as `find --file A --file B` reads them.
        let logger = RecordingLogger()
        let loaded = SystemKnownHosts(files: [plain, hashed], logger: logger).load()
        XCTAssertEqual(logger.entries.filter { $0.level == .warning }.map(\.message.text), [], "every line reads")
        let matcher = KnownHostsMatcher(records: loaded.map(\.record))

        let expected = try sshKeygenFound(corpus.queries, files: [plain, hashed])
        var matches = 0
        var hits = 0
        var disagreements: [String] = []
        for (index, query) in corpus.queries.enumerated() {
            let found = Set(
                matcher.matchingIndices(hostname: query.hostname, port: query.port, marker: nil)
                    .map { Place(file: loaded[$0].file, line: loaded[$0].line) })
            matches += found.count
            if !found.isEmpty { hits += 1 }
            if found != expected[index] {
                disagreements.append(
                    "\(query.lookupName): termind \(found.sorted()) ssh-keygen \(expected[index].sorted())")
            }
        }
        print(
            "known-hosts find vs ssh-keygen -F: \(corpus.entryCount) entries per file (plain, hashed), "
                + "\(corpus.queries.count) queries, \(hits) with matches, \(corpus.queries.count - hits) without, "
                + "\(matches) matching lines, \(disagreements.count) disagreements")
        XCTAssertEqual(disagreements, [])
        XCTAssertGreaterThan(hits, corpus.queries.count / 3, "the queries hit")
        XCTAssertGreaterThan(corpus.queries.count - hits, 20, "the queries miss too")
    }

    /// A matching line.
    private struct Place: Hashable, Comparable, CustomStringConvertible {
        let file: String
        let line: Int
        static func < (a: Place, b: Place) -> Bool { (a.file, a.line) < (b.file, b.line) }
        var description: String { "\((file as NSString).lastPathComponent):\(line)" }
    }

    /// What `ssh-keygen -F NAME -f FILE` finds for each query in each file, two at a time.
    private func sshKeygenFound(_ queries: [KnownHostsCorpus.Query], files: [String]) throws -> [Set<Place>] {
        let results = Mutex<[Int: Result<Set<Place>, any Error>]>([:])
        DispatchQueue.concurrentPerform(iterations: queries.count) { index in
            let result = Result<Set<Place>, any Error> {
                var found = Set<Place>()
                for file in files {
                    let run = try ChildProcess.run("ssh-keygen", ["-F", queries[index].lookupName, "-f", file])
                    let lines = KnownHostsCorpus.foundLines(inSSHKeygenOutput: run.stdout)
                    guard run.status == (lines.isEmpty ? 1 : 0) else {
                        throw TestRigError("ssh-keygen -F \(queries[index].lookupName) -f \(file): status \(run.status), \(run.stderr)")
                    }
                    found.formUnion(lines.map { Place(file: file, line: $0) })
                }
                return found
            }
            results.withLock { $0[index] = result }
        }
        let all = results.withLock { $0 }
        return try queries.indices.map { try all[$0]!.get() }
    }

    /// Host key fields ssh-keygen reads: ed25519 keys made here, and one ECDSA and one RSA key it
    /// generates.
    private func keys() throws -> [String] {
        var keys = (1...12).map { fill -> String in
            let name = Array("ssh-ed25519".utf8)
            let blob = [0, 0, 0, UInt8(name.count)] + name + [0, 0, 0, 32] + (0..<32).map { UInt8(($0 * 31 + fill * 7) % 256) }
            return "ssh-ed25519 " + Data(blob).base64EncodedString()
        }
        for (type, bits) in [("ecdsa", "256"), ("rsa", "2048")] {
            let path = directory.path + "/" + type
            let made = try ChildProcess.run("ssh-keygen", ["-q", "-t", type, "-b", bits, "-N", "", "-C", "", "-f", path])
            XCTAssertEqual(made.status, 0, made.stderr)
            keys.append(try String(contentsOfFile: path + ".pub", encoding: .utf8).split(separator: " ").prefix(2).joined(separator: " "))
        }
        return keys
    }
}
