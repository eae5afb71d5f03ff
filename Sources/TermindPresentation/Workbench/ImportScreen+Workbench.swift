import TermindApplication
import TermindDomain

// The Import screen in the workbench: opened by the `import` action (or Quick Open), its
// preview read and its selection committed through the services, the Hosts read again after.

extension Workbench {
    func openImportScreen() {
        let screen = ImportScreen()
        importScreen = screen
        dispatcher.reset()
        run(.previewImport(screen: screen.id))
    }

    static func text(of error: any Error) -> String {
        String(describing: error)
    }
}
