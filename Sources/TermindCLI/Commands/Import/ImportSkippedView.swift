import TermindDomain

/// Something the import does not turn into a record: `path`, `line` (null for a whole file),
/// `kind` (`public-key`, `authorized-keys`, `other`, `too-large`, `unreadable`,
/// `outside-folder`, `not-a-file`, `config`, `known-hosts-line`) and `reason`.
struct ImportSkippedView: Encodable {
    let path: String
    @NullWhenAbsent var line: Int?
    let kind: String
    let reason: String

    init(_ item: ImportSkippedItem) {
        path = item.location.file
        line = item.location.line
        kind = item.kind.rawValue
        reason = item.reason
    }
}
