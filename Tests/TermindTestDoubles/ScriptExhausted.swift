import TermindApplication

/// A `ScriptedPresenter` was asked more often than its list of replies allows.
public struct ScriptExhausted: Error {
    public let interaction: Interaction
}
