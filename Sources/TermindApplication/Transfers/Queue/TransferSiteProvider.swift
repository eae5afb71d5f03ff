/// The port the transfer queue gets its file systems from: this machine's, or a Host's
/// connection (opened once, asking through the workbench's dialogs if it must) with silent
/// extras for parallel transfers (docs/behaviour.md §4).
public protocol TransferSiteProvider: Sendable {
    /// The site of `side`, connecting the first time it is named.
    func site(for side: TransferSide) async throws -> TransferSite
    /// Closes every connection opened for transfers.
    func close() async
}
