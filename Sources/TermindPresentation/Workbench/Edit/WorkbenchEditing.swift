/// The edit under way in the workbench (`Workbench+Edit`; one at a time: the editor has the
/// whole terminal) and the answer its upload question waits for. A value the `Workbench` owns,
/// on the TUI's main actor.
struct WorkbenchEditing {
    var task: Task<Void, Never>?
    /// The edit waiting for the answer to the upload question.
    var uploadAnswer: CheckedContinuation<Bool, Never>?
}
