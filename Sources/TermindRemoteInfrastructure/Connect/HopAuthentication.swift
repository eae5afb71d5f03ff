import TermindApplication
import TermindDomain

/// Authenticates one hop after its host key was accepted, in docs/behaviour.md §2's order and within what
/// the server advertises: `none` (asking for the method list sends it), each of the plan's
/// keys, at most `agentKeyLimit` ssh-agent keys, the stored password (or, when none is stored
/// and the server has no keyboard-interactive, one asked for), then keyboard-interactive with
/// every round asked through the interaction queue.
///
/// Partial success: libssh2 1.10 reports a method that succeeded partially as failed. The list
/// is asked again only once nothing the server offered is left to try, because each further
/// `none` request counts against the server's `MaxAuthTries`; if the new list differs and
/// offers something untried, authentication goes on with it.
///
/// A refusal is final for the attempt: nothing is retried automatically. Runs in the
/// connecting task; each method is one step on the hop's worker thread.
struct HopAuthentication: Sendable {
    /// One way of authenticating, in the order tried.
    enum Method: Sendable {
        case key(index: Int)
        case agent(socketPath: String)
        /// A stored password, or nil to ask for one.
        case password(Secret?)
        case keyboardInteractive

        /// The method's name as servers advertise it.
        var wireName: String {
            switch self {
            case .key, .agent: "publickey"
            case .password: "password"
            case .keyboardInteractive: "keyboard-interactive"
            }
        }
    }

    /// What has been tried and learnt, for the failure message.
    struct Report {
        var tried: [String] = []
        var notes: [String] = []
        var interactionNeeded: InteractionRequired?
    }

    let plan: ConnectionPlan
    let context: ConnectionContext
    let worker: ConnectionWorker
    let agentSocketPath: String?
    let agentKeyLimit: Int
    let logger: any Logger

    /// The methods to try, in order, before looking at what the server offers.
    var methods: [Method] { Self.methods(for: plan, agentSocketPath: agentSocketPath) }

    /// The methods a plan can try, in docs/behaviour.md §2's order: its keys, the agent (when allowed and a
    /// socket is known), its stored passwords (or one to ask for), keyboard-interactive.
    static func methods(for plan: ConnectionPlan, agentSocketPath: String?) -> [Method] {
        var methods: [Method] = []
        for (index, credential) in plan.credentials.enumerated() {
            if case .key = credential { methods.append(.key(index: index)) }
        }
        if plan.useAgent, let agentSocketPath, !agentSocketPath.isEmpty {
            methods.append(.agent(socketPath: agentSocketPath))
        }
        var storedPassword = false
        for credential in plan.credentials {
            if case .password(let password) = credential {
                methods.append(.password(password))
                storedPassword = true
            }
        }
        if !storedPassword { methods.append(.password(nil)) }
        methods.append(.keyboardInteractive)
        return methods
    }

    /// Whether `method` may be tried when the server offers `offered`. A password is asked
    /// for only when keyboard-interactive (which asks anyway) is not offered.
    static func isApplicable(_ method: Method, offered: [String]) -> Bool {
        guard offered.contains(method.wireName) else { return false }
        if case .password(nil) = method { return !offered.contains("keyboard-interactive") }
        return true
    }

    /// Returns when the server accepted the user; throws `SSHFailure` otherwise
    /// (`.authentication`, `.interactionRequired`, `.cancelled`, `.dropped`...).
    func run() async throws {
        let username = plan.username
        var offered: [String]
        switch try await worker.run({ try $0.authenticationMethods(username: username) }) {
        case .authenticated:
            logger.debug("\(plan.label): the server accepted \(username) without credentials (none)")
            return
        case .methods(let methods):
            offered = methods
        }
        logger.debug("\(plan.label): the server offers \(offered.joined(separator: ",")) for \(username)")

        let methods = self.methods
        var untried = Array(methods.indices)
        var report = Report()
        while true {
            if let position = untried.firstIndex(where: { Self.isApplicable(methods[$0], offered: offered) }) {
                let method = methods[untried.remove(at: position)]
                do {
                    if try await attempt(method, report: &report) { return }
                } catch let error as SSH2Error where (error.kind == .disconnected || error.kind == .session) && !report.tried.isEmpty {
                    report.notes.append(
                        "the server closed the connection after \(report.tried.count) refused attempt(s) (its MaxAuthTries?)")
                    throw failure(report, offered: offered)
                }
                continue
            }
            // Nothing the server offers is left. A partial success may have changed the list.
            guard !report.tried.isEmpty, untried.contains(where: { !Self.isApplicable(methods[$0], offered: offered) }) else {
                throw failure(report, offered: offered)
            }
            let relisted = try? await worker.run({ try $0.authenticationMethods(username: username) })
            switch relisted {
            case .authenticated:
                return
            case .methods(let newOffer) where newOffer != offered
                && untried.contains(where: { Self.isApplicable(methods[$0], offered: newOffer) }):
                logger.debug("\(plan.label): partial success; the server now offers \(newOffer.joined(separator: ","))")
                offered = newOffer
            default:
                throw failure(report, offered: offered)
            }
        }
    }

    /// Tries one method; true when the server accepted the user.
    private func attempt(_ method: Method, report: inout Report) async throws -> Bool {
        let username = plan.username
        switch method {
        case .key(let index):
            guard case .key(let keyLabel, let privateKey, let storedPassphrase, let isEncrypted, let algorithm)
                    = plan.credentials[index] else { return false }
            var passphrase = storedPassphrase
            if isEncrypted && passphrase == nil {
                do {
                    guard case .secret(let answer) = try await ask(.passphrase(keyLabel: keyLabel)) else { return false }
                    passphrase = answer
                } catch let required as InteractionRequired {
                    report.interactionNeeded = required
                    report.notes.append("Key '\(keyLabel)' was skipped: its passphrase is not stored")
                    return false
                }
            }
            let chosen = passphrase
            do {
                try await worker.run { try $0.authenticate(username: username, privateKey: privateKey, passphrase: chosen) }
                logger.info("\(plan.label): authenticated as \(username) with Key '\(keyLabel)'")
                return true
            } catch let error as SSH2Error where error.kind == .authentication {
                logger.debug("\(plan.label): Key '\(keyLabel)' did not authenticate: \(error.message) (code \(error.code))")
                if Self.isRefusal(error.libssh2Code) {
                    report.tried.append("Key '\(keyLabel)'")
                    if algorithm == .rsa { report.notes.append(Self.rsaAdvice(keyLabel)) }
                } else if isEncrypted {
                    report.notes.append("Key '\(keyLabel)' could not be decrypted (wrong passphrase?)")
                } else {
                    report.notes.append("Key '\(keyLabel)' could not be read by libssh2: \(error.message)")
                }
                return false
            }

        case .agent(let socketPath):
            let limit = agentKeyLimit
            let result = try await worker.run {
                try $0.authenticateWithAgent(username: username, socketPath: socketPath, limit: limit)
            }
            if result.accepted {
                logger.info("\(plan.label): authenticated as \(username) with ssh-agent key \(result.tried.last ?? "")")
                return true
            }
            report.tried += result.tried.map { $0.isEmpty ? "an ssh-agent key" : "ssh-agent key \($0)" }
            if let problem = result.problem {
                logger.debug("\(plan.label): \(problem)")
            }
            return false

        case .password(let stored):
            var password = stored
            if password == nil {
                do {
                    guard case .secret(let answer) = try await ask(.password(username: username)) else { return false }
                    password = answer
                } catch let required as InteractionRequired {
                    report.interactionNeeded = required
                    return false
                }
            }
            guard let chosen = password else { return false }
            do {
                try await worker.run { try $0.authenticate(username: username, password: chosen) }
                logger.info("\(plan.label): authenticated as \(username) with a password")
                return true
            } catch let error as SSH2Error where error.kind == .authentication {
                logger.debug("\(plan.label): the password did not authenticate: \(error.message) (code \(error.code))")
                report.tried.append("password")
                if error.libssh2Code == .passwordExpired { report.notes.append("the password has expired; change it on the server") }
                return false
            }

        case .keyboardInteractive:
            let interactions = context.interactions
            let generation = context.generation
            do {
                try await worker.run {
                    try $0.authenticateKeyboardInteractive(username: username, interactions: interactions, generation: generation)
                }
                logger.info("\(plan.label): authenticated as \(username) with keyboard-interactive")
                return true
            } catch let required as InteractionRequired {
                report.interactionNeeded = required
                return false
            } catch let error as SSH2Error where error.kind == .authentication {
                logger.debug("\(plan.label): keyboard-interactive did not authenticate: \(error.message) (code \(error.code))")
                report.tried.append("keyboard-interactive")
                if error.message.contains("buffer too small") {
                    // libssh2 #653: a named round shorter than the last method list is misread.
                    report.notes.append("libssh2 1.10 could not read the server's keyboard-interactive round "
                        + "(a libssh2 bug with short named rounds, fixed in libssh2 1.11)")
                }
                return false
            }
        }
    }

    private func ask(_ request: InteractionRequest) async throws -> InteractionAnswer {
        try await context.interactions.ask(request, connectionLabel: plan.label, generation: context.generation)
    }

    /// Whether libssh2's code means the server refused (as opposed to a key it could not use).
    static func isRefusal(_ code: SSH2ErrorCode?) -> Bool {
        code == .authenticationFailed || code == .publicKeyUnverified
    }

    /// Why an RSA key is refused by current servers, and what to do.
    static func rsaAdvice(_ keyLabel: String) -> String {
        "Key '\(keyLabel)' is an RSA key: libssh2 1.10 signs RSA keys only with ssh-rsa (SHA-1), which OpenSSH 8.8 "
            + "and later refuse; use an ed25519 (or ECDSA) key instead"
    }

    /// Why authentication ended without success. Credentials the server refused make it an
    /// authentication failure (exit 3) even when a method that needs a prompt was left, as on a
    /// terminal a wrong key or stored password is; only when nothing was refused is the missing
    /// prompt the reason (exit 6).
    private func failure(_ report: Report, offered: [String]) -> SSHFailure {
        var report = report
        if let needed = report.interactionNeeded {
            guard !report.tried.isEmpty else {
                return SSHFailure(.interactionRequired, connection: plan.label, detail: needed.description)
            }
            report.notes.append("\(needed.need) could not be asked (--batch, or no terminal)")
        }
        let accepts = offered.isEmpty ? "no method" : offered.joined(separator: ", ")
        var detail = report.tried.isEmpty
            ? "authentication as \(plan.username) failed: the server accepts \(accepts), and nothing Termind has for this Identity fits; "
                + "add a key or a password to the Identity"
            : "authentication as \(plan.username) failed: the server refused \(report.tried.joined(separator: ", ")) "
                + "(it accepts \(accepts)); check the Identity's username and credentials"
        for note in report.notes { detail += "; \(note)" }
        detail += ". Termind does not retry authentication on its own."
        return SSHFailure(.authentication, connection: plan.label, detail: detail)
    }
}
