/// What only the server's `ls -l` line tells (SFTP v3 attributes carry no link count and no
/// names): OpenSSH's `-rw-rw----    2 ptk      tbar     5 Jan  1 00:00 app.env`. Nil for a
/// line in another shape: the server is not bound to any.
extension RemoteFile {
    /// The hard links to the file, the line's second field.
    public var listedLinkCount: UInt64? { longNameFields.flatMap { UInt64($0[1]) } }
    /// The owner's name, the third field.
    public var listedOwner: String? { longNameFields.map { String($0[2]) } }
    /// The group's name, the fourth field.
    public var listedGroup: String? { longNameFields.map { String($0[3]) } }

    /// The first four fields, when the first is a mode (`-rw-r--r--`, maybe with an ACL's
    /// `+` or `.`) and the second a number.
    private var longNameFields: [Substring]? {
        guard let longName else { return nil }
        let fields = longName.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: true)
        guard fields.count >= 4, (10...11).contains(fields[0].count), "-dlcbps".contains(fields[0].first!),
            !fields[1].isEmpty, fields[1].allSatisfy(\.isASCII), fields[1].allSatisfy(\.isNumber)
        else { return nil }
        return Array(fields.prefix(4))
    }
}
