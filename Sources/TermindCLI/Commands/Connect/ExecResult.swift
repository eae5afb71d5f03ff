/// What `exec --json` prints for one Host: a contract for scripts.
struct ExecResult: Encodable {
    struct Failure: Encodable {
        let category: String
        let message: String
    }

    let host: String
    var exitStatus: Int32?
    var signal: String?
    var stdout: String = ""
    var stderr: String = ""
    var error: Failure?

    init(host: String) { self.host = host }
}
