import TermindDomain

/// Foundation also exports a `Host` (NSHost); in this module `Host` is always the Vault's.
typealias Host = TermindDomain.Host
