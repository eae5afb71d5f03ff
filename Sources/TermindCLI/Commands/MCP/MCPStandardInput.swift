import Foundation

/// Standard input as a stream of chunks, read by a thread of its own (a blocking `read` must
/// not hold a task's thread): `termind mcp` reads its agent's messages from it until EOF.
enum MCPStandardInput {
    static func chunks(descriptor: Int32 = STDIN_FILENO) -> AsyncStream<[UInt8]> {
        // Chunks queue while the server splits lines; each line is bounded by MCPLineReader.
        let (stream, continuation) = AsyncStream.makeStream(of: [UInt8].self, bufferingPolicy: .unbounded)
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                continuation.yield(Array(buffer[0..<count]))
            }
            continuation.finish()
        }
        thread.name = "termind mcp stdin"
        thread.start()
        return stream
    }
}
