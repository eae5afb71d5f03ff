import TermindDomain

/// `termind templates show LABEL [--json]`: the panes, one per line.
struct TemplatesShowCommand: ShowRecordCommand {
    static let kind = VaultRecordKind.template
    let options: RecordOptions

    func view(in snapshot: VaultSnapshot) throws -> TemplateView {
        TemplateView(try require(snapshot.template(label)), in: snapshot)
    }

    func text(of view: TemplateView) -> String {
        view.panes.enumerated().map { "pane \($0.offset + 1): \($0.element.kind)\($0.element.host.map { " on \($0)" } ?? "")\n" }.joined()
    }
}
