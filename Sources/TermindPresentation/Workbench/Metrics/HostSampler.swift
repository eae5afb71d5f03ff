import TermindApplication

/// A Host's running metrics sampler, as the workbench keeps it: numbered so a replaced one's
/// late figures and end are told apart, with the connection it runs on (a restart that adds or
/// drops the file systems goes on the same one).
struct HostSampler {
    let number: Int
    let task: Task<Void, Never>
    let connection: any SSHConnection
    let readsFilesystems: Bool
}
