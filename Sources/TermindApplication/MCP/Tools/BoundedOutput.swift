/// One stream of a command's output as a tool returns it: the first `limit` bytes kept, the
/// rest only counted, so a command printing gigabytes costs the server `limit` bytes. A value
/// owned by the task reading the stream.
public struct BoundedOutput: Sendable {
    /// 64 KiB: enough for a log's tail or a listing, small for a model's context.
    public static let defaultLimit = 64 * 1024

    public let limit: Int
    public private(set) var kept: [UInt8] = []
    public private(set) var total: Int64 = 0

    public init(limit: Int = BoundedOutput.defaultLimit) { self.limit = limit }

    public mutating func append(_ bytes: [UInt8]) {
        total += Int64(bytes.count)
        let room = limit - kept.count
        if room > 0 { kept.append(contentsOf: bytes.prefix(room)) }
    }

    public var truncated: Bool { total > Int64(kept.count) }

    /// The kept bytes as text: invalid UTF-8 (or a character cut at the limit) becomes U+FFFD;
    /// control characters stay, JSON escapes them on the way to the agent.
    public var text: String { String(decoding: kept, as: UTF8.self) }
}
