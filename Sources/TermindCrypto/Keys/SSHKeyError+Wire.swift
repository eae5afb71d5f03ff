extension SSHKeyError {
    /// Runs SSH wire reads, reporting a structure that ends early or holds an impossible value as
    /// ``SSHKeyError/malformed(_:)`` of `context` (field and offset only, no bytes).
    static func reading<Value>(
        _ context: String, _ body: () throws(SSHWireError) -> Value
    ) throws(SSHKeyError) -> Value {
        do {
            return try body()
        } catch {
            throw .malformed("\(context): \(error)")
        }
    }
}
