import Foundation
import TermindApplication
import TermindDomain
import TermindInfrastructure
import TermindTestSupport
import XCTest

/// A temporary home for one Vault test: XDG paths under it, services over them, and helpers
/// to read the files' raw bytes and to catch the Vault's failures.
final class VaultTestHome {
    let directory: TemporaryDirectory
    let paths: XDGPaths

    init(prefix: String = "termind-vault", mode: mode_t = 0o700) throws {
        directory = try TemporaryDirectory(prefix: prefix, mode: mode)
        paths = XDGPaths(environment: [:], homeDirectory: directory.path)
    }

    var databasePath: String { paths.databaseFile }
    var keyFilePath: String { paths.vaultKeyFile }

    func services(
        busyTimeout: Duration = .seconds(5), logger: any Logger = NullLogger(),
        passphrase: @escaping @Sendable () throws -> Secret = VaultTestHome.noPassphrase, passphraseTries: Int = 1
    ) -> VaultServices {
        VaultServices(
            paths: paths, passphraseSource: passphrase, passphraseTries: passphraseTries, busyTimeout: busyTimeout, logger: logger)
    }

    /// A passphrase source for Vaults that must never ask.
    static let noPassphrase: @Sendable () throws -> Secret = {
        throw VaultUnavailable(location: "test", cause: .passphraseRequired)
    }

    static func bytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    static func mode(_ path: String) -> mode_t {
        var status = stat()
        guard stat(path, &status) == 0 else { return 0 }
        return status.st_mode & 0o7777
    }
}

/// Dates that survive the trip through unix seconds exactly (a binary fraction of a second).
func vaultDate(_ seconds: Double) -> Date { Date(timeIntervalSince1970: seconds) }

/// Runs `body` expecting it to throw a `VaultUnavailable`, and returns it.
func expectVaultUnavailable(
    _ body: () async throws -> Void, file: StaticString = #filePath, line: UInt = #line
) async -> VaultUnavailable? {
    do {
        try await body()
        XCTFail("expected VaultUnavailable", file: file, line: line)
    } catch let error as VaultUnavailable {
        return error
    } catch {
        XCTFail("expected VaultUnavailable, got \(type(of: error)): \(error)", file: file, line: line)
    }
    return nil
}

/// Runs `body` expecting it to throw a `VaultRuleViolation`, and returns it.
func expectRuleViolation(
    _ body: () async throws -> Void, file: StaticString = #filePath, line: UInt = #line
) async -> VaultRuleViolation? {
    do {
        try await body()
        XCTFail("expected VaultRuleViolation", file: file, line: line)
    } catch let error as VaultRuleViolation {
        return error
    } catch {
        XCTFail("expected VaultRuleViolation, got \(type(of: error)): \(error)", file: file, line: line)
    }
    return nil
}

/// Whether `needle` occurs anywhere in `haystack`.
func containsBytes(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard !needle.isEmpty, haystack.count >= needle.count else { return false }
    let first = needle[0]
    var index = 0
    while index <= haystack.count - needle.count {
        if haystack[index] == first && Array(haystack[index..<index + needle.count]) == needle { return true }
        index += 1
    }
    return false
}
