extension ResumeVerdict {
    /// One prefix to read back and hash before a partial is continued: the partial's, then
    /// (when size and mtime could hide a rewrite) the source's, each against the recorded
    /// SHA-256.
    public struct PrefixCheck: Sendable, Equatable {
        /// Whose first bytes are read.
        public enum Side: Sendable, Equatable {
            case partial
            case source
        }

        public var side: Side
        /// Where the partial continues when every check passes (its prefix says what to hash).
        public var continuation: Continuation
        /// After the partial, the source's prefix is checked too.
        public var andTheSource: Bool

        public init(of side: Side, then continuation: Continuation, andTheSource: Bool = false) {
            self.side = side
            self.continuation = continuation
            self.andTheSource = andTheSource
        }

        /// How many bytes to hash, and the SHA-256 (hex) they must have.
        public var length: UInt64 { continuation.prefix.length }
        public var sha256: String { continuation.prefix.sha256 }

        /// The verdict once the prefix was read: `hashed` its SHA-256 (hex), or nil when it
        /// could not be read.
        public func verdict(hashed: String?) -> ResumeVerdict {
            switch side {
            case .partial:
                guard let hashed else { return .restart(.partialUnreadable) }
                guard hashed == sha256 else { return .restart(.partialChanged) }
                return andTheSource ? .hashThePrefix(PrefixCheck(of: .source, then: continuation)) : .continue(continuation)
            case .source:
                // A source that cannot be read back as it was is one that changed.
                guard let hashed else { return .restart(.sourceChanged) }
                guard hashed == sha256 else { return .restart(.sourceRewritten) }
                return .continue(continuation)
            }
        }
    }
}
