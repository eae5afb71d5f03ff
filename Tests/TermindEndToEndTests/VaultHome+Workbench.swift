import Foundation
import TermindTestSupport

extension VaultHome {
    /// `termind connect host` in tmux in this home, the Host's unknown key accepted once and its
    /// shell's prompt on screen; throws with the screen when either does not come.
    func workbenchConnected(to host: String) throws -> TmuxSession {
        let session = try TmuxSession(command: [try TermindBinary.path(), "connect", host], environment: terminalEnvironment)
        guard session.waitForScreen(containing: "Unknown host key") else {
            throw TestRigError("the workbench did not ask about \(host)'s host key:\n\(session.screen())")
        }
        session.keys("s")
        guard session.waitForScreen(containing: "~$") else {
            throw TestRigError("no shell prompt from \(host) after its key was accepted:\n\(session.screen())")
        }
        return session
    }
}
