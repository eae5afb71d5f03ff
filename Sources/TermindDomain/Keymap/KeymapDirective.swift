/// One statement of a keymap file.
public enum KeymapDirective: Sendable, Hashable {
    /// `bind [prefix] KEY ACTION [ARGUMENT]`: the trigger now does the action.
    case bind(KeyTrigger, KeyAction)
    /// `unbind [prefix] KEY`: the trigger does nothing (a direct key goes to the pane again).
    case unbind(KeyTrigger)
    /// `unbind-all`: start from no bindings, to write a keymap from scratch.
    case unbindAll
    /// `set prefix KEY`: the key that starts a prefixed binding.
    case setPrefix(Key)
}
