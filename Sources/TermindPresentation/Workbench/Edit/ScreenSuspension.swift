/// Whoever owns the outer terminal (`WorkbenchLoop`), lending it to a program that runs in
/// the foreground, the person's editor: `suspendScreen` leaves the alternate screen, gives back
/// the person's modes and line settings and stops reading input; `resumeScreen` takes the
/// terminal again and draws a whole frame. The panes go on being read meanwhile.
///
/// Confined to the main actor, with the workbench.
@MainActor
protocol ScreenSuspension: AnyObject {
    func suspendScreen()
    func resumeScreen()
}
