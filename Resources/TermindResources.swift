import Foundation

/// The files Termind reads at run time, shipped in the binary's resource bundle: for now the
/// default keymap. A namespace of pure reads; safe from any thread.
public enum TermindResources {
    /// The text of `keymap.default`, the bindings every person starts from (their own keymap is
    /// layered over it). Throws when the bundle is incomplete (a broken install).
    public static func defaultKeymap() throws -> String {
        guard let url = Bundle.module.url(forResource: "keymap", withExtension: "default") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [
                NSLocalizedDescriptionKey: "the default keymap is missing from termind's resource bundle; reinstall termind",
            ])
        }
        return try String(contentsOf: url, encoding: .utf8)
    }
}
