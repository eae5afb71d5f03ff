import Foundation
import TermindApplication
import TermindDomain

/// Everything that happens to a pane, as its component's `update` receives it: what the person
/// did (routed by the workbench to the focused pane, or to the pane under the mouse), what the
/// workbench decided (its size, a keymap action), and what its Session did (delivered by the
/// workbench's effect runner, tagged with the attempt it belongs to). A plain value, so a test
/// drives a pane with events alone.
enum PaneEvent {
    // MARK: From the person

    case key(KeyPress)
    /// A run of plain characters read together, bound to nothing: sent as their UTF-8.
    case typed([UInt8])
    case paste([UInt8])
    /// A mouse event over the pane; `row` and `column` count from its content's top left (the
    /// title line is row -1).
    case mouse(MouseEvent, row: Int, column: Int)

    // MARK: From the workbench

    /// The layout gave the pane's content this size.
    case resized(CellSize)
    /// The pane is the one the person looks at: what it signalled (a bell) has been seen.
    case viewed
    /// Start the Session (a newly opened pane).
    case connect
    /// The Reconnect action: start the Session again when it is over.
    case reconnect
    /// The Host reconnects by itself: the pane counts down its next wait (`ReconnectBackoff`).
    case reconnectByItself
    /// A second of that countdown passed (on the workbench's clock); at 0 the pane reconnects.
    case reconnectTick
    case scrollMode
    /// The prefix key pressed twice: the pane gets the prefix itself.
    case sendPrefix(KeyPress)
    /// The pane is closing: its Session ends.
    case close

    // MARK: From its Session

    /// The shell is open; `at` is when (for the reconnect marker). `allowsClipboardWrites` is
    /// the Host's setting as the Vault says now.
    case shellOpened(AttemptGeneration, at: Date, allowsClipboardWrites: Bool)
    case output(AttemptGeneration, [UInt8])
    /// The remote process's exit status or signal (the output ends after it).
    case exited(AttemptGeneration, status: Int32?, signal: String?)
    /// The shell's output ended.
    case shellClosed(AttemptGeneration)
    /// The connection was lost after it was up: what the transport said.
    case connectionLost(AttemptGeneration, String)
    /// The connection or the shell could not be opened.
    case connectFailed(AttemptGeneration, any Error)

    // MARK: From the workbench, for find and copy

    /// Enter copy mode (the cursor where the terminal's is).
    case copyMode
    /// Enter copy mode with the find prompt open.
    case find
    /// Enter copy mode on the prompt above the cursor (shell integration's marks).
    case previousPrompt
    /// Copy the last command's output (shell integration's marks).
    case copyCommandOutput
    // MARK: From a browser's file system

    /// The browser's file system is open; `home` is where it starts (canonical).
    case fileSystemOpened(AttemptGeneration, home: String)
    /// What came back for one of the browser's requests.
    case browserReply(AttemptGeneration, BrowserReply)
    /// The terminal a browser follows reported a new working directory (OSC 7).
    case followDirectory(String)
    /// The shell was started with the shell integration, for the Vault Host `hostID`: the
    /// commands it reports go to that Host's command history.
    case historyStarted(AttemptGeneration, hostID: UUID, token: ShellMarkToken)
    /// The pane's Vault Host was removed by another process: its session ends.
    case hostRemoved

    // MARK: From the Host's metrics sampler

    /// The Host's metrics changed (a new sample, the sampler started or stopped).
    case metrics(HostMetrics)
}
