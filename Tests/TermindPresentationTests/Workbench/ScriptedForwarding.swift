import Synchronization
import TermindApplication
import TermindDomain

/// A `ScriptedConnection`'s forwarding: the rules asked to listen and stopped, in order, a
/// listener (with its meter, for the test to add counts to) per rule that listens, the rules
/// the test makes fail, and the connection's end for `waitUntilEnded`.
final class ScriptedForwarding: Sendable {
    private struct State {
        var asked: [ForwardRule] = []
        var listening: [ForwardListening] = []
        var stopped: [Int] = []
        var refusals: [ForwardRule: String] = [:]
        var ended: Bool?
        var waiters: [CheckedContinuation<Bool, Never>] = []
        var nextID = 1
    }

    private let state = Mutex(State())

    /// Every rule asked to listen, in order.
    var asked: [ForwardRule] { state.withLock { $0.asked } }
    /// The listeners that started, in order.
    var listening: [ForwardListening] { state.withLock { $0.listening } }
    /// The ids of the listeners stopped, in order.
    var stopped: [Int] { state.withLock { $0.stopped } }

    /// `rule` fails with `detail` (as a port in use does).
    func refuse(_ rule: ForwardRule, _ detail: String) { state.withLock { $0.refusals[rule] = detail } }

    func forward(_ rule: ForwardRule, on label: String) throws -> ForwardListening {
        try state.withLock {
            $0.asked.append(rule)
            if $0.ended != nil { throw SSHFailure(.dropped, connection: label, detail: "the connection was reset") }
            if let detail = $0.refusals[rule] { throw ForwardFailure(rule: rule, detail: detail) }
            let listening = ForwardListening(rule: rule, address: rule.bindAddress ?? "127.0.0.1", port: rule.bindPort, id: $0.nextID)
            $0.nextID += 1
            $0.listening.append(listening)
            return listening
        }
    }

    func stop(_ listening: ForwardListening) { state.withLock { $0.stopped.append(listening.id) } }

    func end(lost: Bool) {
        let waiters = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            guard state.ended == nil else { return [] }
            state.ended = lost
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(returning: lost) }
    }

    func waitUntilEnded(_ label: String) async -> SSHFailure? {
        let lost = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let ended = state.withLock { state -> Bool? in
                if let ended = state.ended { return ended }
                state.waiters.append(continuation)
                return nil
            }
            if let ended { continuation.resume(returning: ended) }
        }
        return lost ? SSHFailure(.dropped, connection: label, detail: "the connection was reset") : nil
    }
}
