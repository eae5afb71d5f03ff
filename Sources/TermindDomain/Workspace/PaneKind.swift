/// What a pane shows: an SSH terminal, an SFTP browser, or an empty pane (the host picker).
/// Shared with saved Templates so saving and restoring never translates between vocabularies.
public typealias PaneKind = TemplateLayout.PaneKind
