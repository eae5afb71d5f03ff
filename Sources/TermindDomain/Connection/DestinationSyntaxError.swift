/// Why a typed destination (`[user@]hostname[:port]`, or the `HOST:` of `HOST:PATH`) cannot be
/// read. `reason` says it in the words `AdHocTarget` shows after the text; a `HOST:PATH`
/// argument words the last three in its own terms. Never holds what follows a colon in a user
/// name (it may be a password).
public enum DestinationSyntaxError: Error, Equatable, Sendable {
    case empty
    case noUserBeforeAt
    /// `user:password@host`: only the part before the colon is kept.
    case passwordInUser(String)
    case unclosedBracket
    /// Brackets around something with colons that is not an IPv6 address.
    case notIPv6InBrackets(String)
    /// Something other than `:port` after `]`.
    case textAfterBracket
    case bracketsInside
    /// Two or more colons outside brackets that do not make an IPv6 address.
    case bareColons
    case noHostname
    case badPort(String)
    /// `[address]` with no `:PATH` after it (`HOST:PATH` only).
    case noPathAfterBracket
    /// `:PATH` with nothing before the colon (`HOST:PATH` only).
    case noHostBeforeColon

    public var reason: String {
        switch self {
        case .empty: "it is empty"
        case .noUserBeforeAt: "there is no user name before '@'"
        case .passwordInUser: "a password cannot be part of the destination; store it in an Identity or answer the prompt"
        case .unclosedBracket: "'[' has no matching ']'"
        case .notIPv6InBrackets(let host): "'\(host)' is not an IPv6 address"
        case .textAfterBracket: "only ':port' may follow ']'"
        case .bracketsInside: "brackets go around the whole address, as in [::1]:2222"
        case .bareColons: "it is not an IPv6 address; an IPv6 address with a port goes in brackets, as in [::1]:2222"
        case .noHostname: "there is no hostname"
        case .badPort(let text): "the port '\(text)' is not a number from 1 to 65535"
        case .noPathAfterBracket: "give the remote path after the address, e.g. [::1]:/srv"
        case .noHostBeforeColon: "there is no host before ':'"
        }
    }
}
