/// The look of the workbench's chrome. Emphasis (the focused pane, the selected tab or entry)
/// is carried by attributes as well as colours, so it still shows under `NO_COLOR`, where the
/// renderer drops chrome colours. A namespace of styles.
enum WorkbenchTheme {
    static let bar = CellStyle(foreground: .indexed(252), background: .indexed(236))
    static let barEmphasis = CellStyle(foreground: .indexed(255), background: .indexed(236), attributes: .bold)
    static let barWarning = CellStyle(foreground: .indexed(220), background: .indexed(236), attributes: .bold)
    static let selectedTab = CellStyle(foreground: .indexed(31), background: .indexed(255), attributes: [.bold, .reverse])
    static let focusedTitle = CellStyle(foreground: .indexed(31), background: .indexed(255), attributes: [.bold, .reverse])
    static let title = CellStyle(foreground: .indexed(250), background: .indexed(238))
    static let titleAlert = CellStyle(foreground: .indexed(220), background: .indexed(238), attributes: .bold)
    static let divider = CellStyle(foreground: .indexed(240))
    static let focusedDivider = CellStyle(foreground: .indexed(31))
    static let heading = CellStyle(foreground: .indexed(75), attributes: .bold)
    static let text = CellStyle.chrome
    static let dim = CellStyle(foreground: .indexed(244))
    static let selection = CellStyle(foreground: .indexed(31), background: .indexed(255), attributes: .reverse)
    static let selectionUnfocused = CellStyle(attributes: .underline)
    static let field = CellStyle(foreground: .indexed(255), background: .indexed(238), attributes: .underline)
    static let dialog = CellStyle(foreground: .indexed(252), background: .indexed(235))
    static let dialogBorder = CellStyle(foreground: .indexed(75), background: .indexed(235), attributes: .bold)
    static let button = CellStyle(foreground: .indexed(252), background: .indexed(238))
    static let failure = CellStyle(foreground: .indexed(196), attributes: .bold)
    static let notice = CellStyle(foreground: .indexed(255), background: .indexed(88), attributes: .bold)
}
