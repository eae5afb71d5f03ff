/// What the workbench copies: the clipboard writes panes asked for (until the loop takes them)
/// and what copy mode copied last (for the paste action). A value the `Workbench` owns.
struct WorkbenchClipboard {
    /// OSC 52 writes, until the loop takes them.
    var writes: [UInt8] = []
    var pasteBuffer: [UInt8]?
}
