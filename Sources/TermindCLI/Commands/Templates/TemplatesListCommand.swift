import TermindDomain

/// `termind templates list [--json]`
struct TemplatesListCommand: ListRecordsCommand {
    static let kind = VaultRecordKind.template
    let options: RecordOptions

    init(options: RecordOptions, parsed: ParsedCommandLine) { self.options = options }

    func views(of snapshot: VaultSnapshot) -> [TemplateView] {
        snapshot.templates.sorted { $0.label < $1.label }.map { TemplateView($0, in: snapshot) }
    }

    func table(of templates: [TemplateView]) -> OutputTable {
        var table = OutputTable("LABEL", "PANES", "LAYOUT")
        for template in templates {
            table.add(template.label, String(template.panes.count), template.summary)
        }
        return table
    }
}
