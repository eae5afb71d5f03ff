/// The one-line prompt that names a Template saved from the shown Workspace (`C-\ S`): the
/// name typed, and why the last try was refused (a taken or invalid name). A plain value owned
/// by the workbench.
struct SaveTemplatePrompt {
    var name: String
    var problem: String?
    /// True while the Vault write is under way (keys wait).
    var isSaving = false
}
