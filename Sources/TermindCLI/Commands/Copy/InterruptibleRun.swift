import Dispatch
import Foundation

/// Runs a long operation so that Ctrl-C (SIGINT) or SIGTERM cancels its task instead of
/// killing the process: the transfer engine then stops keeping its partial files, and the
/// command reports them and exits 130.
enum InterruptibleRun {
    static func run<Result: Sendable>(_ body: @escaping @Sendable () async -> Result) async -> Result {
        let task = Task { await body() }
        let sources = [SIGINT, SIGTERM].map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { task.cancel() }
            source.resume()
            return source
        }
        let result = await task.value
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        return result
    }
}
