import Foundation
import TermindApplication
import TermindDomain

/// The command history overlay (`C-\ h`): a line to type into and the commands that contain
/// it, newest first, searched again as the person types, across every Host or only the focused
/// pane's (Tab switches). Enter puts the chosen command at the focused pane's prompt, never
/// running it. A plain value owned by the workbench; the searches run in `Workbench+History`.
struct HistoryOverlay {
    /// The pane the command goes to.
    let targetPane: PaneID
    /// The focused pane's Vault Host, when it has one.
    let paneHost: Host?
    var query = ""
    var selection = 0
    /// True while the search covers only `paneHost`'s commands.
    var onlyPaneHost: Bool
    /// What the last finished search found, and for which query and scope.
    var results: [CommandHistoryEntry] = []
    var problem: String?
    /// Counts the searches asked for, so a slow one's answer never replaces a newer one's.
    var searchNumber = 0

    /// How many rows a search asks for (the overlay shows fewer).
    static let limit = 200

    init(targetPane: PaneID, paneHost: Host?) {
        self.targetPane = targetPane
        self.paneHost = paneHost
        onlyPaneHost = paneHost != nil
    }

    var search: CommandHistoryQuery {
        CommandHistoryQuery(hostID: onlyPaneHost ? paneHost?.id : nil, text: query, limit: Self.limit)
    }

    var selected: CommandHistoryEntry? {
        results.isEmpty ? nil : results[min(selection, results.count - 1)]
    }

    /// The bytes that put `command` at a prompt without running it: control characters dropped
    /// (a stored command came from a server), and, unless the program brackets pastes, line
    /// breaks and tabs as spaces, since a newline would run it and a tab would complete.
    static func insertion(of command: String, bracketed: Bool) -> [UInt8] {
        var text = ""
        for scalar in command.unicodeScalars {
            switch scalar {
            case "\n" where bracketed: text.unicodeScalars.append(scalar)
            case "\n", "\t", "\r": text += " "
            default: if !TerminalSafeText.isControl(scalar) { text.unicodeScalars.append(scalar) }
            }
        }
        return Array(text.utf8)
    }

    /// A command as its row shows it: on one line, each line break a visible `⏎` (not an
    /// escape the person would read as typed text), the rest made safe as the shell sent it.
    static func shown(_ command: String) -> String {
        command.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TerminalSafeText(String($0)).text }
            .joined(separator: " ⏎ ")
    }

    /// `3s`, `12m`, `5h`, `2d` ago.
    static func age(of date: Date, now: Date) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        switch seconds {
        case ..<60: return "\(seconds)s"
        case ..<3600: return "\(seconds / 60)m"
        case ..<86_400: return "\(seconds / 3600)h"
        default: return "\(seconds / 86_400)d"
        }
    }

    /// `850ms`, `1.2s`, `4m05s`; `-` when the shell did not say.
    static func duration(_ seconds: TimeInterval?) -> String {
        guard let seconds else { return "-" }
        if seconds < 1 { return "\(Int((seconds * 1000).rounded()))ms" }
        if seconds < 60 { return String(format: "%.1fs", seconds) }
        return String(format: "%dm%02ds", Int(seconds) / 60, Int(seconds) % 60)
    }
}
