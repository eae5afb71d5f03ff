import TermindApplication
import TermindDomain

/// What a pane's `update` asks the world to do. The pane never does it itself: the workbench
/// runs every effect in one place (`Workbench+Effects.swift`), which is where tasks start,
/// bytes leave for the remote, window changes go out and connections open and close. A plain
/// value, so tests assert what a pane asked for.
enum PaneEffect: Equatable {
    /// Plan and open a connection to `hostLabel` (its interactions tagged with `generation`),
    /// then a shell at `size` (or at the size the pane has by then), started in `directory`
    /// (the last one the pane's shell reported, or the one a split came from) when given.
    case connect(hostLabel: String, generation: AttemptGeneration, size: TerminalSize, directory: String?)
    /// Bytes for the remote shell, in order with the pane's other input.
    case send([UInt8])
    /// The pane's size changed: the remote PTY follows (once a shell is open).
    case windowChange(TerminalSize)
    /// End the Session's connection and its tasks (in the background).
    case disconnect
    /// Withdraw the interactions an attempt still has waiting.
    case retire(AttemptGeneration)
    /// Open Quick Open to choose what this pane shows.
    case chooseHost
    /// A line for the status bar until the next key.
    case message(String)
    /// Show what the SSH library said about the pane's lost or failed connection (`d`).
    case showConnectionDetails(hostLabel: String, detail: String)
    /// An OSC 52 clipboard write for the outer terminal (already checked against the Host).
    case setClipboard([UInt8])
    /// Copy files between sides (a browser's selection to the other side of a split): it joins
    /// the workbench's transfer queue.
    case requestTransfer(TransferRequest)
    /// Text the person copied in the pane (UTF-8): for the paste buffer and the outer
    /// terminal's clipboard.
    case copy([UInt8])
    /// Open a browser pane's file system: a connection of its own to the side's Host and an
    /// SFTP session on it, or this machine's; answered by `.fileSystemOpened`.
    case openFileSystem(BrowserSide, generation: AttemptGeneration)
    /// Run a request on the browser pane's file system; answered by `.browserReply`.
    case browse(BrowserRequest, generation: AttemptGeneration)
    /// A directory of a Host was listed fresh: SFTP History records it.
    case recordDirectoryVisit(hostLabel: String, path: String)
    /// Copy a browser's selection (to the browser beside it when no destination is given).
    case copySelection(BrowserCopy)
    /// Edit a remote file in `$EDITOR` through a managed local copy.
    case editRemoteFile(host: String, path: String)
    /// Edit a file of this machine in `$EDITOR`, in place (nothing to upload).
    case editLocalFile(path: String)
    /// Have the Host's metrics sampled for a metrics pane: on a connection a pane of the Host
    /// has, else on one opened for the metrics pane (its questions tagged with `generation`).
    case watchMetrics(hostLabel: String, generation: AttemptGeneration)
    /// A browser started following terminal pane `id`: give it the directory that pane's shell
    /// last reported, now (as `.followDirectory`).
    case followShell(PaneID)
    /// A command the shell reported, for its Host's command history.
    case recordCommand(CommandHistoryEntry)
}
