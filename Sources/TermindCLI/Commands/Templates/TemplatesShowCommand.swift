import TermindDomain

/// `termind templates show LABEL [--json]`: the panes, one per line.
struct TemplatesShowCommand: ShowRecordCommand {
    static let kind = VaultRecordKind.template
    let options: RecordOptions

    func view(in snapshot: VaultSnapshot) throws -> TemplateView {
        TemplateView(try require(snapshot.template(label)), in: snapshot)
    }

    func text(of view: TemplateView) -> String {
        view.panes.enumerated().map { index, pane in
            let name = pane.name.map { ", named \(TerminalSafeText($0).text)" } ?? ""
            return "pane \(index + 1): \(pane.kind)\(pane.host.map { " on \($0)" } ?? "")\(name)\n"
        }.joined()
    }
}
