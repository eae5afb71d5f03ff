import TermindDomain

/// A path argument of `cp`, `ls`, `mkdir` and `rm`: a local path, or `HOST:PATH` on a Vault
/// Host or an ad-hoc `[user@]hostname[:port]` (as `exec` takes it), read the way `scp` reads
/// its arguments.
///
/// - A path starting with `/`, `./`, `../` or `~/`, or with no `:` before its first `/`, is local.
/// - Otherwise the text before the first `:` is the host; when what follows is a port and
///   another `:` (`web:2222:/srv`), the port belongs to the host. An IPv6 address goes in
///   brackets: `[::1]:/srv` or `[::1]:2222:/srv`.
/// - An empty remote path means the remote home directory, as `scp host:` does.
///
/// Where the host ends is `Destination.splitRemotePath`'s to say (Domain), so these arguments and
/// `exec`'s destinations read brackets and ports alike.
enum FileLocation: Equatable {
    case local(String)
    case remote(destination: String, path: String)

    init(parsing text: String) throws(UsageError) {
        if text.isEmpty { throw UsageError("a path is empty") }
        if ["/", "./", "../", "~/"].contains(where: text.hasPrefix) || text == "." || text == ".." || text == "~" {
            self = .local(text)
            return
        }
        let split: (destination: String, path: String)?
        do {
            split = try Destination.splitRemotePath(text)
        } catch {
            switch error {
            case .unclosedBracket: throw UsageError("'\(text)': an IPv6 address in brackets needs its closing ']'")
            default: throw UsageError("'\(text)': \(error.reason)")
            }
        }
        guard let split else {
            self = .local(text)
            return
        }
        self = .remote(destination: split.destination, path: split.path.isEmpty ? "." : split.path)
    }

    /// The path on its file system.
    var path: String {
        switch self {
        case .local(let path), .remote(_, let path): path
        }
    }

    /// How it was meant, for messages: `web:/srv/app` or `./file`.
    var display: String {
        switch self {
        case .local(let path): path
        case .remote(let destination, let path): "\(destination):\(path)"
        }
    }
}
