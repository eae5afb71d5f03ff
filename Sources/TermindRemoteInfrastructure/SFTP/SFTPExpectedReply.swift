/// Which reply types may answer a request: STATUS always, plus at most one other. Anything
/// else answering it is a protocol violation.
struct SFTPExpectedReply: OptionSet, Sendable, Hashable {
    let rawValue: UInt8

    static let status = SFTPExpectedReply(rawValue: 1 << 0)
    static let handle = SFTPExpectedReply(rawValue: 1 << 1)
    static let data = SFTPExpectedReply(rawValue: 1 << 2)
    static let name = SFTPExpectedReply(rawValue: 1 << 3)
    static let attributes = SFTPExpectedReply(rawValue: 1 << 4)
    static let extendedReply = SFTPExpectedReply(rawValue: 1 << 5)

    /// Whether a reply of `type` may answer.
    func allows(_ type: SFTPPacketType) -> Bool {
        switch type {
        case .status: contains(.status)
        case .handle: contains(.handle)
        case .data: contains(.data)
        case .name: contains(.name)
        case .attrs: contains(.attributes)
        case .extendedReply: contains(.extendedReply)
        default: false
        }
    }
}
