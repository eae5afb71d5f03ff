/// A control-socket peer broke the protocol (a bad kind, length or field): that one
/// connection is closed; nothing else is affected.
struct ControlProtocolError: Error, CustomStringConvertible, Equatable {
    let description: String

    init(_ description: String) { self.description = description }
}
