/// What `exec --json` prints for one Host: a contract for scripts, every key in every object
/// (`null` when it does not apply).
struct ExecResult: Encodable, Sendable {
    struct Failure: Encodable, Sendable {
        let category: String
        let message: String
    }

    let host: String
    @NullWhenAbsent var exitStatus: Int32?
    @NullWhenAbsent var signal: String?
    var stdout: String = ""
    var stderr: String = ""
    @NullWhenAbsent var error: Failure?

    init(host: String) { self.host = host }
}
