/// A STATUS reply's content: the code, the server's message and its language tag. Servers
/// that leave out the message (some old ones send only the code) give empty strings.
package struct SFTPStatus: Sendable, Equatable {
    let code: SFTPStatusCode
    package let message: String
    package let language: String

    init(code: SFTPStatusCode, message: String = "", language: String = "") {
        self.code = code
        self.message = message
        self.language = language
    }
}
