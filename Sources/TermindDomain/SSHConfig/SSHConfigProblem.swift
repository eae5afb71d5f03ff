/// Why a line could not be used: the message of a note, before the reader knows its location.
struct SSHConfigProblem: Error, Sendable, Equatable {
    let message: String

    init(_ message: String) { self.message = message }
}
