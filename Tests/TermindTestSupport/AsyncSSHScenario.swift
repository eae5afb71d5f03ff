/// What the scripted asyncssh server (`Tests/Rig/asyncssh_server.py`) does for one test: its
/// users and how they authenticate, canned command results, a PTY shell, SFTP, and ways to
/// misbehave. Encodes to the JSON the script reads; its docstring is the format's reference.
///
/// A value built with chained calls:
///
///     AsyncSSHScenario()
///         .user("alice", password: "pw", authorizesClientKey: true)
///         .exec("false", stderr: "no\n", exitStatus: 1)
///         .withShell()
public struct AsyncSSHScenario: Codable, Sendable, Equatable {
    /// Stands in an `authorizedKeys` list for the rig's client public key, which
    /// `AsyncSSHServer.start` generates and substitutes before the server reads the scenario.
    public static let clientKeyPlaceholder = "@termind-rig-client-key"

    public var users: [String: User] = [:]
    public var exec: [String: ExecResult] = [:]
    public var shell: Bool?
    public var sftp: SFTP?
    public var misbehave: Misbehaviour?
    /// An OpenSSH private host key file; nil for a fresh Ed25519 key per server.
    public var hostKey: String?
    /// Set by `AsyncSSHServer`: where the server appends its event lines and its own log.
    public var log: String?
    public var debugLog: String?

    public init() {}

    // MARK: - Parts

    /// One account and the methods that let it in.
    public struct User: Codable, Sendable, Equatable {
        public var password: String?
        /// `type base64 [comment]` lines, or `AsyncSSHScenario.clientKeyPlaceholder`.
        public var authorizedKeys: [String]?
        /// Keyboard-interactive rounds, asked in order; all must be answered exactly.
        public var kbdint: [Round]?
        /// Advertised methods in this order; nil: those configured above.
        public var methods: [String]?
        /// Methods that must all succeed (each but the last answered with partial success).
        public var require: [String]?

        public init(
            password: String? = nil, authorizedKeys: [String]? = nil, kbdint: [Round]? = nil,
            methods: [String]? = nil, require: [String]? = nil
        ) {
            self.password = password
            self.authorizedKeys = authorizedKeys
            self.kbdint = kbdint
            self.methods = methods
            self.require = require
        }

        enum CodingKeys: String, CodingKey {
            case password, kbdint, methods, require
            case authorizedKeys = "authorized_keys"
        }
    }

    /// One keyboard-interactive round: what the server sends and the answers it expects.
    public struct Round: Codable, Sendable, Equatable {
        public var name: String
        public var instruction: String
        public var prompts: [Prompt]
        public var answers: [String]

        public init(name: String = "", instruction: String = "", prompts: [Prompt] = [], answers: [String] = []) {
            self.name = name
            self.instruction = instruction
            self.prompts = prompts
            self.answers = answers
        }

        /// A round that only shows `instruction` and asks nothing.
        public static func message(_ instruction: String, name: String = "") -> Round {
            Round(name: name, instruction: instruction)
        }
    }

    /// A prompt's text and whether the answer may be shown as typed; `[text, echo]` in JSON.
    public struct Prompt: Codable, Sendable, Equatable {
        public var text: String
        public var echo: Bool

        public init(_ text: String, echo: Bool) {
            self.text = text
            self.echo = echo
        }

        public init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            text = try container.decode(String.self)
            echo = try container.decode(Bool.self)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(text)
            try container.encode(echo)
        }
    }

    /// What one exec request prints and how it ends.
    public struct ExecResult: Codable, Sendable, Equatable {
        public var stdout: String
        public var stderr: String
        public var exitStatus: Int32
        /// A signal name without `SIG` (`"TERM"`); sent instead of an exit status.
        public var exitSignal: String?
        /// Seconds to wait before answering.
        public var delay: Double
        /// A regular expression whose first group the server waits for on stdin; `{stdin_match}`
        /// in `stdout` becomes what it matched (a reply quoting what the client sent).
        public var stdinMatch: String?

        public init(
            stdout: String = "", stderr: String = "", exitStatus: Int32 = 0, exitSignal: String? = nil, delay: Double = 0,
            stdinMatch: String? = nil
        ) {
            self.stdout = stdout
            self.stderr = stderr
            self.exitStatus = exitStatus
            self.exitSignal = exitSignal
            self.delay = delay
            self.stdinMatch = stdinMatch
        }

        enum CodingKeys: String, CodingKey {
            case stdout, stderr, delay
            case exitStatus = "exit_status"
            case exitSignal = "exit_signal"
            case stdinMatch = "stdin_match"
        }
    }

    /// The directory served as `/` over SFTP, and the lies the server tells about it
    /// (`Tests/Rig/misbehaving_sftp.py` is their reference). Paths are the client's.
    public struct SFTP: Codable, Sendable, Equatable {
        public var root: String
        /// The size reported for a path, whatever the file holds.
        public var sizes: [String: UInt64]?
        /// The permission bits reported for a path (e.g. `0o6777`).
        public var modes: [String: UInt32]?
        /// Requests never answered.
        public var stall: [Stall]?
        /// A directory holding `d/` and `f` at every depth, without end.
        public var endlessTree: String?
        /// A directory listing new names forever.
        public var endlessListing: String?
        /// Each entry of a directory listed this many times.
        public var `repeat`: [String: Int]?
        /// Extra entries of a directory, as raw name bytes (hex on the wire to the script).
        public var names: [String: [String]]?

        public init(root: String) { self.root = root }

        /// A request (`op`: open, read, close, opendir, readdir, stat, lstat, realpath) on a
        /// path starting with `path` that the server never answers.
        public struct Stall: Codable, Sendable, Equatable {
            public var op: String
            public var path: String
            public init(op: String, path: String) {
                self.op = op
                self.path = path
            }
        }

        enum CodingKeys: String, CodingKey {
            case root, sizes, modes, stall, names
            case `repeat` = "repeat"
            case endlessTree = "endless_tree"
            case endlessListing = "endless_listing"
        }
    }

    /// A server that fails on purpose. Set one field.
    public struct Misbehaviour: Codable, Sendable, Equatable {
        /// Accept TCP and never send a byte.
        public var stallBeforeBanner: Bool?
        /// Send the SSH version line, then nothing (no key exchange).
        public var stallAfterBanner: Bool?
        /// Close the client's connection after this many bytes were sent to it.
        public var dropAfterBytes: Int?
        /// With `dropAfterBytes`: drop only while a file exists at this path, so a test can let
        /// a later connection through.
        public var dropSwitch: String?
        /// Authenticate, then this many seconds later stop reading the connection: the TCP
        /// connection stays up and nothing more is answered (a frozen server).
        public var stallAfterAuth: Double?

        public init(
            stallBeforeBanner: Bool? = nil, stallAfterBanner: Bool? = nil, dropAfterBytes: Int? = nil, dropSwitch: String? = nil,
            stallAfterAuth: Double? = nil
        ) {
            self.stallBeforeBanner = stallBeforeBanner
            self.stallAfterBanner = stallAfterBanner
            self.dropAfterBytes = dropAfterBytes
            self.dropSwitch = dropSwitch
            self.stallAfterAuth = stallAfterAuth
        }

        public static let stallBeforeBanner = Misbehaviour(stallBeforeBanner: true)
        public static let stallAfterBanner = Misbehaviour(stallAfterBanner: true)
        public static func stallAfterAuth(seconds: Double) -> Misbehaviour { Misbehaviour(stallAfterAuth: seconds) }
        public static func dropAfterBytes(_ count: Int) -> Misbehaviour { Misbehaviour(dropAfterBytes: count) }
        public static func dropAfterBytes(_ count: Int, whileFileExists path: String) -> Misbehaviour {
            Misbehaviour(dropAfterBytes: count, dropSwitch: path)
        }

        enum CodingKeys: String, CodingKey {
            case stallBeforeBanner = "stall_before_banner"
            case stallAfterBanner = "stall_after_banner"
            case dropAfterBytes = "drop_after_bytes"
            case dropSwitch = "drop_switch"
            case stallAfterAuth = "stall_after_auth"
        }
    }

    enum CodingKeys: String, CodingKey {
        case users, exec, shell, sftp, misbehave, log
        case hostKey = "host_key"
        case debugLog = "debug_log"
    }

    // MARK: - Building

    /// Adds (or replaces) a user. `authorizesClientKey` lets the rig's client key in.
    public func user(
        _ name: String, password: String? = nil, authorizesClientKey: Bool = false,
        keyboardInteractive: [Round]? = nil, methods: [String]? = nil, require: [String]? = nil
    ) -> Self {
        user(name, User(
            password: password, authorizedKeys: authorizesClientKey ? [Self.clientKeyPlaceholder] : nil,
            kbdint: keyboardInteractive, methods: methods, require: require))
    }

    public func user(_ name: String, _ user: User) -> Self {
        var copy = self
        copy.users[name] = user
        return copy
    }

    /// Answers `command` with this output and status (other commands echo themselves); with
    /// `stdinMatch`, once its first group is on stdin, quoted where stdout says `{stdin_match}`.
    public func exec(
        _ command: String, stdout: String = "", stderr: String = "", exitStatus: Int32 = 0,
        exitSignal: String? = nil, delay: Double = 0, stdinMatch: String? = nil
    ) -> Self {
        var copy = self
        copy.exec[command] = ExecResult(
            stdout: stdout, stderr: stderr, exitStatus: exitStatus, exitSignal: exitSignal, delay: delay, stdinMatch: stdinMatch)
        return copy
    }

    /// Serves the echoing PTY shell (`exit`, `size`, `term`).
    public func withShell() -> Self {
        var copy = self
        copy.shell = true
        return copy
    }

    /// Serves SFTP with `root` as `/`.
    public func sftp(root: String) -> Self {
        var copy = self
        copy.sftp = SFTP(root: root)
        return copy
    }

    /// Serves SFTP with `root` as `/`, lying as `change` sets up.
    public func sftp(root: String, lying change: (inout SFTP) -> Void) -> Self {
        var copy = self
        var sftp = SFTP(root: root)
        change(&sftp)
        copy.sftp = sftp
        return copy
    }

    public func misbehaving(_ misbehaviour: Misbehaviour) -> Self {
        var copy = self
        copy.misbehave = misbehaviour
        return copy
    }

    /// The scenario with the client key placeholder replaced by `publicKey`.
    func authorizing(clientPublicKey publicKey: String) -> Self {
        var copy = self
        for (name, user) in users {
            copy.users[name]?.authorizedKeys = user.authorizedKeys?.map {
                $0 == Self.clientKeyPlaceholder ? publicKey : $0
            }
        }
        return copy
    }
}
