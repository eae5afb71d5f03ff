/// One ssh_config file as read: its statements in order, each `Include` holding the files it
/// reached. The same path can appear several times in the tree, as OpenSSH reads it each time.
struct SSHConfigFile: Sendable {
    let path: String
    let statements: [SSHConfigStatement]
    /// Where the `Host` blocks of plain names are, so a name skips those that cannot match it.
    let hostIndex: SSHConfigHostIndex

    init(path: String, statements: [SSHConfigStatement]) {
        self.path = path
        self.statements = statements
        hostIndex = SSHConfigHostIndex(statements)
    }

    /// Every statement in reading order, descending into included files where they are included.
    func forEachStatement(_ body: (SSHConfigStatement) -> Void) {
        for statement in statements {
            body(statement)
            for file in statement.included { file.forEachStatement(body) }
        }
    }

    /// This file's path, then every included file's (depth first, repeats included).
    func forEachFile(_ body: (String) -> Void) {
        body(path)
        for statement in statements {
            for file in statement.included { file.forEachFile(body) }
        }
    }
}
