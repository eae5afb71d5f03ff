import TermindApplication

/// Whole-file transfers for the tests, keeping `inFlight` requests of the file system's
/// preferred size going at once (a sliding window), as the transfer engine does.
enum FileSystemTransfer {
    static func download(_ reader: any FileReader, size: Int, inFlight: Int) async throws -> [UInt8] {
        let chunk = reader.preferredChunkSize
        var result = [UInt8](repeating: 0, count: size)
        try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
            var next = 0
            while next < size && next / chunk < inFlight {
                let offset = next
                group.addTask { (offset, try await reader.read(at: UInt64(offset), count: chunk)) }
                next += chunk
            }
            while let (offset, bytes) = try await group.next() {
                guard bytes.count == min(chunk, size - offset) else {
                    throw TransferMismatch(offset: offset, expected: min(chunk, size - offset), received: bytes.count)
                }
                result.withUnsafeMutableBytes { target in
                    bytes.withUnsafeBytes { source in
                        target.baseAddress!.advanced(by: offset).copyMemory(from: source.baseAddress!, byteCount: source.count)
                    }
                }
                if next < size {
                    let offset = next
                    group.addTask { (offset, try await reader.read(at: UInt64(offset), count: chunk)) }
                    next += chunk
                }
            }
        }
        return result
    }

    static func upload(_ bytes: [UInt8], to writer: any FileWriter, inFlight: Int) async throws {
        let chunk = writer.preferredChunkSize
        try await withThrowingTaskGroup(of: Void.self) { group in
            var next = 0
            var running = 0
            while next < bytes.count {
                if running == inFlight {
                    try await group.next()
                    running -= 1
                }
                let piece = Array(bytes[next..<min(next + chunk, bytes.count)])
                let offset = UInt64(next)
                group.addTask { try await writer.write(piece, at: offset) }
                running += 1
                next += chunk
            }
            try await group.waitForAll()
        }
    }

    struct TransferMismatch: Error, CustomStringConvertible {
        let offset: Int
        let expected: Int
        let received: Int
        var description: String { "the read at \(offset) gave \(received) bytes, not \(expected)" }
    }
}
