/// One parser Termind runs on input from outside (a server, a file in `~/.ssh`, a file Termind
/// saved earlier and someone may have edited), with the invariants that hold for any input.
///
/// The same targets run under libFuzzer (`termind-fuzz` built by `make fuzz`, with
/// AddressSanitizer) and without a sanitizer in `FuzzRegressionTests`, which replays every
/// input under `Tests/Fuzz/`. A crash is a finding; so is a broken invariant, thrown as a
/// `FuzzFinding`. Targets are `Sendable` values; each run builds its own state.
public struct FuzzTarget: Sendable {
    /// The target's name, which is also its corpus directory: `Tests/Fuzz/<name>/`.
    public let name: String
    /// What the input stands for, for `termind-fuzz --list`.
    public let summary: String
    private let body: @Sendable ([UInt8]) throws(FuzzFinding) -> Void

    init(_ name: String, _ summary: String, _ body: @escaping @Sendable ([UInt8]) throws(FuzzFinding) -> Void) {
        self.name = name
        self.summary = summary
        self.body = body
    }

    /// Runs the parser over `input`; throws when an invariant does not hold.
    public func run(_ input: [UInt8]) throws(FuzzFinding) {
        try body(input)
    }

    public static let all: [FuzzTarget] = [
        SSHConfigFuzzing.target, KnownHostsFuzzing.target, PrivateKeyFuzzing.target, SFTPReplyFuzzing.target,
        InputDecoderFuzzing.target, VTermParserFuzzing.target, PaneSurfaceFuzzing.target, KeymapFuzzing.target,
        RecentWorkspacesFuzzing.target, PartialRecordFuzzing.target, ShellMarkFuzzing.target, MetricsSampleFuzzing.target, SOCKSHandshakeFuzzing.target,
        AuthorizedKeysFuzzing.target,
    ]

    public static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}
