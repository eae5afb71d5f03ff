import CLibSSH2
import Foundation
import TermindDomain

/// User authentication: the method list (which tries `none`), password, public key from files,
/// and keyboard-interactive with a responder called once per server round.
extension SSH2Session {
    /// Whether the server has accepted this session's user.
    public var isAuthenticated: Bool {
        guard let handle else { return false }
        return libssh2_userauth_authenticated(handle) != 0
    }

    /// The methods the server accepts for `username` (`publickey`, `password`,
    /// `keyboard-interactive`...). Asking sends a `none` request; if the server accepts that,
    /// the list is empty and `isAuthenticated` is true.
    public func authenticationMethods(username: String) throws -> [String] {
        let operation = "listing authentication methods for \(username)"
        let session = try liveHandle(operation, kind: .authentication)
        let wait = SocketWait(start: .now, budget: ioTimeout, interactionAtStart: interactionTime)
        while true {
            if let list = libssh2_userauth_list(session, username, UInt32(username.utf8.count)) {
                return String(cString: list).split(separator: ",").map(String.init)
            }
            if libssh2_userauth_authenticated(session) != 0 { return [] }
            let code = libssh2_session_last_errno(session)
            guard code == LIBSSH2_ERROR_EAGAIN else { throw failure(operation, kind: .authentication, code: code) }
            try waitForSocket(wait, operation, kind: .authentication)
        }
    }

    /// Password authentication. A rejected password is an `.authentication` error.
    public func authenticate(username: String, password: Secret) throws {
        // From the Secret's own buffer (NUL-terminated, so even an empty password has an address).
        try password.withCString { characters in
            _ = try perform("password authentication as \(username)", kind: .authentication) { session in
                libssh2_userauth_password_ex(
                    session, username, UInt32(username.utf8.count), characters, UInt32(password.count), nil)
            }
        }
    }

    /// Public key authentication with a private key file (OpenSSH or PEM format) and, optionally,
    /// its public key file (libssh2 derives it from the private key when nil).
    public func authenticate(
        username: String, privateKeyFile: String, publicKeyFile: String?, passphrase: Secret?
    ) throws {
        // An empty passphrase rather than NULL, so an encrypted key fails instead of making
        // OpenSSL ask on the terminal.
        let passphrase = passphrase ?? Secret("")
        _ = try passphrase.withCString { passphraseText in
            try perform("public key authentication as \(username) using \(privateKeyFile)", kind: .authentication) { session in
                libssh2_userauth_publickey_fromfile_ex(
                    session, username, UInt32(username.utf8.count), publicKeyFile, privateKeyFile, passphraseText)
            }
        }
    }

    /// Public key authentication with a private key held in memory (OpenSSH or PEM text, as
    /// the Vault stores it); libssh2 derives the public key from it. An encrypted key needs
    /// `passphrase`: without it, or with a wrong one, libssh2 cannot read the key and this fails
    /// (`LIBSSH2_ERROR_FILE`) before anything is sent to the server. The key and passphrase go to
    /// libssh2 from the Secrets' own buffers, which are zeroed when released.
    public func authenticate(username: String, privateKey: Secret, passphrase: Secret?) throws {
        let passphrase = passphrase ?? Secret("")
        try privateKey.withCString { keyText in
            try passphrase.withCString { phraseText in
                _ = try perform("public key authentication as \(username)", kind: .authentication) { session in
                    libssh2_userauth_publickey_frommemory(
                        session, username, username.utf8.count, nil, 0, keyText, privateKey.count, phraseText)
                }
            }
        }
    }

    /// Keyboard-interactive authentication. `respond` is called once for every round the server
    /// sends, zero-prompt rounds included, and returns one answer per prompt. If it throws, the
    /// round is answered empty and this call fails with the thrown error. Time spent in `respond`
    /// does not count against the I/O timeout.
    public func authenticateKeyboardInteractive(
        username: String, respond: (KeyboardInteractiveRound) throws -> [Secret]
    ) throws {
        try withoutActuallyEscaping(respond) { respond in
            let exchange = SSH2KeyboardInteractiveExchange(respond: respond)
            keyboardInteractive = exchange
            defer { keyboardInteractive = nil }
            do {
                try perform("keyboard-interactive authentication as \(username)", kind: .authentication) { session in
                    libssh2_userauth_keyboard_interactive_ex(
                        session, username, UInt32(username.utf8.count), keyboardInteractiveCallback)
                }
            } catch {
                throw exchange.failure ?? error
            }
            if let failure = exchange.failure { throw failure }
        }
    }

    /// Runs the responder for one round; called from the C callback on this session's thread.
    /// Returns one answer per prompt; empty answers after a failure.
    func answer(_ round: KeyboardInteractiveRound) -> [Secret] {
        let empty = Array(repeating: Secret(""), count: round.prompts.count)
        guard let exchange = keyboardInteractive, exchange.failure == nil else { return empty }
        exchange.rounds += 1
        let started = ContinuousClock.now
        defer { interactionTime += started.duration(to: .now) }
        do {
            let answers = try exchange.respond(round)
            guard answers.count == round.prompts.count else {
                exchange.failure = SSH2Error(
                    kind: .authentication, operation: "keyboard-interactive round \(exchange.rounds)",
                    message: "\(answers.count) answers given for \(round.prompts.count) prompts", code: 0,
                    host: host, port: port)
                return empty
            }
            return answers
        } catch {
            exchange.failure = error
            return empty
        }
    }
}

/// libssh2's keyboard-interactive callback: finds the Swift session through the session's
/// abstract pointer, asks it for the answers and hands them back in `malloc`ed buffers, which
/// libssh2 frees.
private func keyboardInteractiveCallback(
    name: UnsafePointer<CChar>?, nameLength: Int32,
    instruction: UnsafePointer<CChar>?, instructionLength: Int32,
    promptCount: Int32, prompts: UnsafePointer<LIBSSH2_USERAUTH_KBDINT_PROMPT>?,
    responses: UnsafeMutablePointer<LIBSSH2_USERAUTH_KBDINT_RESPONSE>?,
    abstract: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) {
    func text(_ pointer: UnsafeRawPointer?, _ length: Int) -> String {
        guard let pointer, length > 0 else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
    }
    let count = max(0, Int(promptCount))
    let round = KeyboardInteractiveRound(
        name: text(name, Int(nameLength)),
        instruction: text(instruction, Int(instructionLength)),
        prompts: (0..<count).map { index in
            let prompt = prompts![index]
            return KeyboardInteractivePrompt(text: text(prompt.text, Int(prompt.length)), echo: prompt.echo != 0)
        })
    var answers = Array(repeating: Secret(""), count: count)
    if let owner = abstract?.pointee {
        answers = Unmanaged<SSH2Session>.fromOpaque(owner).takeUnretainedValue().answer(round)
    }
    guard let responses else { return }
    for index in 0..<count {
        answers[index].withBytes { bytes in
            // libssh2 sends and frees this copy.
            let buffer = malloc(bytes.count + 1)!.assumingMemoryBound(to: CChar.self)
            if let base = bytes.baseAddress { memcpy(buffer, base, bytes.count) }
            buffer[bytes.count] = 0
            responses[index].text = buffer
            responses[index].length = UInt32(bytes.count)
        }
    }
}
