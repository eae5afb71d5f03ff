import Foundation

/// A password, passphrase, private key or answer held in memory.
///
/// It prints as `<secret>` in every interpolation, `description` and `dump`, so a value that
/// slips into a log line, an error message or JSON output shows nothing. Read the bytes only
/// where they are used (`withBytes`, `revealed`), never to display them.
public struct Secret: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    private let bytes: [UInt8]

    public init(_ text: String) { bytes = Array(text.utf8) }
    public init(bytes: [UInt8]) { self.bytes = bytes }

    public var description: String { "<secret>" }
    public var debugDescription: String { "<secret>" }
    public var customMirror: Mirror { Mirror(self, children: [:]) }

    public var isEmpty: Bool { bytes.isEmpty }
    public var count: Int { bytes.count }

    /// The text, for the one call that sends it (libssh2, the sealer). Never display it.
    public var revealed: String { String(decoding: bytes, as: UTF8.self) }

    public func withBytes<R>(_ body: ([UInt8]) throws -> R) rethrows -> R { try body(bytes) }
}
