import Foundation
import TermindDomain

/// One row of a browser's listing, prepared once when the listing arrives (off the main actor)
/// so that sorting, filtering and drawing 10,000 of them only read: the name as the screen may
/// show it (`TerminalSafeText`: a hostile name's escape sequences never reach the terminal),
/// the columns as text, and the keys sorting and filtering compare. A plain value.
struct BrowserEntry: Sendable, Equatable {
    /// The name as the file system has it (paths are built from this one).
    let name: String
    let path: String
    let kind: FileKind
    /// The name made safe to show.
    let shownName: String
    let size: UInt64
    let modified: Int64
    /// `drwxr-xr-x`, or blank when the server left the mode out.
    let permissions: String
    let mode: UInt32?
    /// The owner's name from the server's `ls -l` line, else the numeric id.
    let owner: String
    /// Where a symlink points, made safe to show.
    let linkTarget: String?
    /// The name's bytes, lowercased (ASCII): what sorting by name and the filter compare.
    let sortKey: [UInt8]
    var isDirectory: Bool { kind == .directory }
    /// A dot file, hidden unless the person shows hidden files.
    var isHidden: Bool { name.utf8.first == UInt8(ascii: ".") }

    init(_ file: RemoteFile, linkTarget: String? = nil) {
        name = file.name
        path = file.path
        kind = file.kind
        shownName = TerminalSafeText(file.name).text
        size = file.attributes.size ?? 0
        modified = file.attributes.modified ?? 0
        mode = file.attributes.mode
        permissions = file.attributes.mode.map(FileModeText.text) ?? ""
        owner = Self.owner(of: file)
        self.linkTarget = linkTarget.map { TerminalSafeText($0).text }
        sortKey = NameBytes.bytes(file.name).map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 }
    }

    /// The third field of the server's `ls -l` line (`-rw-r--r-- 1 alice staff ...`), else the
    /// user id: SFTP v3 carries names only there.
    private static func owner(of file: RemoteFile) -> String {
        if let longName = file.longName {
            let fields = longName.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
            if fields.count >= 3 { return TerminalSafeText(String(fields[2])).text }
        }
        return file.attributes.userID.map(String.init) ?? ""
    }
}
