import Foundation
import TermindDomain
import TermindInfrastructure
import TermindResources

/// The keymap the workbench runs with: the shipped default with the person's own file,
/// `<config>/keymap` ($XDG_CONFIG_HOME/termind/keymap), layered over it when it exists.
enum KeymapFiles {
    static func load(paths: XDGPaths) throws -> KeymapLoad {
        let defaults = try TermindResources.defaultKeymap()
        let userPath = paths.configDirectory + "/keymap"
        let user = FileManager.default.contents(atPath: userPath).map { (text: String(decoding: $0, as: UTF8.self), path: userPath) }
        return Keymap.load(defaults: defaults, user: user)
    }
}
