import TermindApplication
import TermindResources

extension ShellIntegration {
    /// Termind's own, its bootstrap from the resources.
    static func termind() throws -> ShellIntegration {
        let program = try TermindResources.shellIntegrationProgram()
        return ShellIntegration(command: TermindResources.shellIntegrationCommand) { program($0.text) }
    }
}
