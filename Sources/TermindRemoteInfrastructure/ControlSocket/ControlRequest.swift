import TermindApplication

/// The channel a control-socket client asks for: a command, a shell (or a command) on a PTY,
/// or the `sftp` subsystem.
enum ControlRequest: Sendable, Equatable {
    case exec(String)
    case shell(term: String, size: TerminalSize, environment: [String: String], command: String?)
    case sftp

    /// A terminal larger than this is refused (libvterm and sshd would refuse it anyway).
    static let maxTerminalSide = 10_000
    static let maxEnvironment = 256

    var frame: ControlFrame {
        switch self {
        case .exec(let command):
            var writer = ControlFieldWriter()
            writer.string(command)
            return ControlFrame(.openExec, writer.bytes)
        case .shell(let term, let size, let environment, let command):
            var writer = ControlFieldWriter()
            writer.string(term)
            writer.uint32(UInt32(clamping: size.columns))
            writer.uint32(UInt32(clamping: size.rows))
            writer.uint32(UInt32(environment.count))
            for (name, value) in environment.sorted(by: { $0.key < $1.key }) {
                writer.string(name)
                writer.string(value)
            }
            writer.byte(command == nil ? 0 : 1)
            writer.string(command ?? "")
            return ControlFrame(.openShell, writer.bytes)
        case .sftp:
            return ControlFrame(.openSFTP)
        }
    }

    init(_ frame: ControlFrame) throws(ControlProtocolError) {
        switch frame.kind {
        case .openExec:
            var reader = ControlFieldReader(frame.payload, frame: "exec")
            self = .exec(try reader.string("command"))
            try reader.end()
        case .openShell:
            var reader = ControlFieldReader(frame.payload, frame: "shell")
            let term = try reader.string("term")
            let size = try Self.size(&reader)
            let count = Int(try reader.uint32("environment count"))
            guard count <= Self.maxEnvironment else { throw ControlProtocolError("shell: \(count) environment variables") }
            var environment: [String: String] = [:]
            for _ in 0..<count { environment[try reader.string("name")] = try reader.string("value") }
            let hasCommand = try reader.byte("command flag") != 0
            let command = try reader.string("command")
            try reader.end()
            self = .shell(term: term, size: size, environment: environment, command: hasCommand ? command : nil)
        case .openSFTP:
            guard frame.payload.isEmpty else { throw ControlProtocolError("sftp: unexpected payload") }
            self = .sftp
        default:
            throw ControlProtocolError("expected a request to open a channel, got \(frame.kind)")
        }
    }

    static func size(_ reader: inout ControlFieldReader) throws(ControlProtocolError) -> TerminalSize {
        let columns = Int(try reader.uint32("columns")), rows = Int(try reader.uint32("rows"))
        guard (1...maxTerminalSide).contains(columns), (1...maxTerminalSide).contains(rows) else {
            throw ControlProtocolError("a terminal of \(columns)x\(rows)")
        }
        return TerminalSize(columns: columns, rows: rows)
    }

    static func windowChange(_ size: TerminalSize) -> ControlFrame {
        var writer = ControlFieldWriter()
        writer.uint32(UInt32(clamping: size.columns))
        writer.uint32(UInt32(clamping: size.rows))
        return ControlFrame(.windowChange, writer.bytes)
    }

    /// `refused` and `lost` carry an `SSHFailure`'s kind and detail.
    static func failureFrame(_ kind: ControlFrame.Kind, _ failure: SSHFailure) -> ControlFrame {
        var writer = ControlFieldWriter()
        writer.string(failure.kind.rawValue)
        writer.string(failure.detail)
        return ControlFrame(kind, writer.bytes)
    }

    static func failure(_ frame: ControlFrame, connection: String) throws(ControlProtocolError) -> SSHFailure {
        var reader = ControlFieldReader(frame.payload, frame: "\(frame.kind)")
        let kind = SSHFailure.Kind(rawValue: try reader.string("kind")) ?? .channel
        let detail = try reader.string("detail")
        return SSHFailure(kind, connection: connection, detail: detail)
    }

    static func exitFrame(status: Int32?, signal: String?) -> ControlFrame {
        var writer = ControlFieldWriter()
        writer.byte(status == nil ? 0 : 1)
        writer.uint32(UInt32(bitPattern: status ?? 0))
        writer.byte(signal == nil ? 0 : 1)
        writer.string(signal ?? "")
        return ControlFrame(.exit, writer.bytes)
    }

    static func exit(_ frame: ControlFrame) throws(ControlProtocolError) -> RemoteOutput {
        var reader = ControlFieldReader(frame.payload, frame: "exit")
        let hasStatus = try reader.byte("status flag") != 0
        let status = Int32(bitPattern: try reader.uint32("status"))
        let hasSignal = try reader.byte("signal flag") != 0
        let signal = try reader.string("signal")
        try reader.end()
        return .exit(status: hasStatus ? status : nil, signal: hasSignal ? signal : nil)
    }
}
