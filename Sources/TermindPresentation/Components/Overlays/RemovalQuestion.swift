/// A question before something is removed from the Vault, in the overlay stack: y removes
/// (through the workbench; the question stays, removing, until the Vault answers), n or Escape
/// keeps it. The Vault's records (`VaultRemoval`) and a Host's forward rules
/// (`ForwardRemoval`) ask it the same way.
protocol RemovalQuestion: Overlay {
    var isRemoving: Bool { get set }
    /// Why the Vault refused the last yes.
    var problem: String? { get set }
    /// What a yes asks the workbench to do.
    var removal: OverlayEffect { get }
}

extension RemovalQuestion {
    var level: OverlayLevel { .picker }

    mutating func handleKey(_ press: KeyPress, context: OverlayContext) -> OverlayOutcome {
        guard !isRemoving else { return .handled }
        switch press.typedCharacter {
        case "y", "Y":
            isRemoving = true
            problem = nil
            return .stays(removal)
        case "n", "N":
            return .close
        default:
            return press.key == .escape ? .close : .handled
        }
    }
}
