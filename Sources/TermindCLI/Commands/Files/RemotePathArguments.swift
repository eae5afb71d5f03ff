/// Reads the `HOST:PATH` arguments of a command that works on one Host's files.
enum RemotePathArguments {
    static func sameHost(_ arguments: [String], command: String) throws(UsageError) -> (destination: String, paths: [String]) {
        var destination: String?
        var paths: [String] = []
        for argument in arguments {
            guard case .remote(let host, let path) = try FileLocation(parsing: argument) else {
                throw UsageError("'\(argument)' is a local path; give HOST:PATH (for local files, use \(command))")
            }
            if let destination, destination != host {
                throw UsageError("'\(argument)' is on another host than '\(destination)'; run one \(command) per host")
            }
            destination = host
            paths.append(path)
        }
        guard let destination else { throw UsageError("give at least one HOST:PATH") }
        return (destination, paths)
    }
}
