import Foundation
import TermindDomain
import TermindInfrastructure

/// How `termind import` and the workbench's Import screen read this machine's `~/.ssh`: the
/// folder made absolute, and the ssh_config reader with the local account's names for `%u`,
/// `%L`, `%l` and a missing `User`.
enum LocalSSHImport {
    /// `~` is `$HOME` (not the password database's home, as ssh has it), so a person or a test
    /// that points HOME elsewhere reads that home's config and keys consistently. Fails with
    /// `LocalAccountUnknown` when nothing names the local user.
    static func configReader(_ account: SystemLocalAccount) throws -> SSHConfigReader {
        let files = SSHConfigFiles()
        var config = SSHConfigReader(
            home: account.homeDirectory, localUser: try account.userName(), localHostname: account.hostName(),
            readFile: files.readFile, expandGlob: files.expandGlob)
        config.localUserID = Int(account.userID)
        config.environment = account.environment
        return config
    }

    /// DIR made absolute against the working directory, without a trailing slash.
    static func absolute(_ path: String) -> String {
        var result = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        result = (result as NSString).standardizingPath
        while result.count > 1 && result.hasSuffix("/") { result.removeLast() }
        return result
    }
}
