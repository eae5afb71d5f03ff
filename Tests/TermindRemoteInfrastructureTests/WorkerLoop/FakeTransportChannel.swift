@testable import TermindRemoteInfrastructure
import TermindApplication

/// One scripted channel of a `FakeTransport`: what the server sends on it, how much window
/// each side has, what the next calls are told, and everything the loop did to it.
final class FakeTransportChannel: WorkerTransportChannel {
    let number: Int
    private unowned let transport: FakeTransport

    /// Bytes the server has sent and libssh2 would hold, per stream.
    var inbound: [ChannelStream: [UInt8]] = [:]
    /// A channel that always has more stdout (a busy download).
    var endless = false
    /// The window granted to the server and not yet read: it sends no more than this.
    /// Reading does not grow it; only the loop's window adjustments do.
    var receiveWindow: UInt64
    /// The window this side may still write into.
    var sendWindow: UInt64 = 1 << 30
    /// What the next calls of any kind are told before they run normally.
    var scripted: [SSH2Result<Int>] = []
    /// What the next calls of one kind ("write", "read stdout", "close"...) are told first.
    var scriptedCalls: [String: [SSH2Result<Int>]] = [:]
    /// Data queued for this channel by another channel's read (libssh2's shared queue).
    var bufferedElsewhere = false
    /// What else a read of this channel takes off the socket into libssh2's queue (its one
    /// transport serves every channel): run on each read, before it answers.
    var alsoArrivesOnRead: () -> Void = {}

    var remoteEOF = false
    /// The server's close came (the exit status before it).
    var remoteClosed = false
    var exitStatus: Int32 = 0
    var exitSignal: String?

    private(set) var requests: [String] = []
    private(set) var reads = 0
    private(set) var bytesRead = 0
    private(set) var written: [UInt8] = []
    private(set) var eofSent = false
    private(set) var closeSent = false
    private(set) var freed = false
    private(set) var windowAdjustments: [UInt64] = []

    init(number: Int, transport: FakeTransport, window: UInt64) {
        self.number = number
        self.transport = transport
        receiveWindow = window
    }

    /// Logs the call, and answers with the next scripted result if there is one.
    private func script(_ call: String) -> SSH2Result<Int>? {
        transport.calls.append("\(call) \(number)")
        if let next = scriptedCalls[call]?.first {
            scriptedCalls[call]?.removeFirst()
            return next
        }
        return scripted.isEmpty ? nil : scripted.removeFirst()
    }

    private func request(_ what: String) -> SSH2Result<Void> {
        if let result = script(what) { return Self.void(result) }
        requests.append(what)
        return .done(())
    }

    private static func void(_ result: SSH2Result<Int>) -> SSH2Result<Void> {
        switch result {
        case .done: .done(())
        case .wouldBlock(let blocking): .wouldBlock(blocking)
        case .failed(let fault): .failed(fault)
        }
    }

    func setEnvironment(_ name: String, to value: String) -> SSH2Result<Void> { request("env \(name)=\(value)") }
    func requestPTY(term: String, size: TerminalSize) -> SSH2Result<Void> { request("pty \(term) \(size.columns)x\(size.rows)") }
    func startShell() -> SSH2Result<Void> { request("shell") }
    func exec(_ command: String) -> SSH2Result<Void> { request("exec \(command)") }
    func signal(_ name: String) -> SSH2Result<Void> { request("signal \(name)") }
    func startSubsystem(_ name: String) -> SSH2Result<Void> { request("subsystem \(name)") }
    func changeWindow(to size: TerminalSize) -> SSH2Result<Void> { request("window-change \(size.columns)x\(size.rows)") }

    func read(_ stream: ChannelStream, into buffer: UnsafeMutableRawBufferPointer) -> SSH2Result<Int> {
        alsoArrivesOnRead()
        if let result = script("read \(stream)") { return result }
        reads += 1
        if stream == .stdout { bufferedElsewhere = false }
        var available = inbound[stream] ?? []
        if endless && stream == .stdout && available.isEmpty { available = [UInt8](repeating: 0x2e, count: 1 << 20) }
        let count = min(buffer.count, available.count, Int(clamping: receiveWindow))
        guard count > 0 else {
            return remoteEOF || buffer.count == 0 ? .done(0) : .wouldBlock(.inbound)
        }
        buffer.copyBytes(from: available[0..<count])
        inbound[stream] = endless && stream == .stdout ? [] : Array(available[count...])
        receiveWindow -= UInt64(count)
        bytesRead += count
        return .done(count)
    }

    func processIncoming() -> SSH2Result<Void> {
        if let result = script("process incoming") { return Self.void(result) }
        return .done(())
    }

    func growReceiveWindow(by bytes: UInt32) -> SSH2Result<Void> {
        if let result = script("grow window") { return Self.void(result) }
        windowAdjustments.append(UInt64(bytes))
        receiveWindow += UInt64(bytes)
        return .done(())
    }

    var hasBufferedData: Bool {
        bufferedElsewhere || !(inbound[.stdout] ?? []).isEmpty || !(inbound[.stderr] ?? []).isEmpty || endless
    }

    var receivedEOF: Bool {
        remoteEOF && (inbound[.stdout] ?? []).isEmpty && (inbound[.stderr] ?? []).isEmpty && !endless
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> SSH2Result<Int> {
        if let result = script("write") { return result }
        let count = min(bytes.count, Int(clamping: sendWindow))
        written += bytes[0..<count]
        sendWindow -= UInt64(count)
        return .done(count)
    }

    func sendEOF() -> SSH2Result<Void> {
        if let result = script("send EOF") { return Self.void(result) }
        eofSent = true
        return .done(())
    }

    func waitClosed() -> SSH2Result<Void> {
        if let result = script("wait closed") { return Self.void(result) }
        return remoteClosed ? .done(()) : .wouldBlock(.inbound)
    }

    /// As libssh2 1.10: the close is sent at once, and the call returns once the server's
    /// close came.
    func close() -> SSH2Result<Void> {
        if let result = script("close") { return Self.void(result) }
        closeSent = true
        return remoteClosed ? .done(()) : .wouldBlock(.inbound)
    }

    func free() -> SSH2Result<Void> {
        if let result = script("free") { return Self.void(result) }
        freed = true
        return .done(())
    }

    /// Adds `bytes` of stdout the server sent.
    func send(_ text: String, on stream: ChannelStream = .stdout) {
        inbound[stream, default: []] += Array(text.utf8)
    }
}
