/// A remote command as messages and logs name it: its program, its arguments left out
/// (`mysql -u root -pS3cret` is "command `mysql …`"), since a command line may carry a
/// password and messages end up in logs and scripts' output. A leading `NAME=value`
/// assignment hides the whole line: the program is not known without parsing the shell.
struct RedactedCommand: CustomStringConvertible {
    let command: String

    init(_ command: String) {
        self.command = command
    }

    var description: String {
        let words = command.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        guard let program = words.first, !program.contains("=") else { return "command `…`" }
        return words.count == 1 ? "command `\(program)`" : "command `\(program) …`"
    }
}
