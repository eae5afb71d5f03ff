import TermindDomain

/// The preview as `import --dry-run --json` prints it. A contract for scripts: an object with
/// `folder` and the arrays `hosts`, `identities`, `keys`, `knownHosts` and `skipped`; each item
/// has its 1-based `index`, its `status` (`new`, `existing`, `conflict`, `cannot-import`), a
/// `reason` (null when new) and whether the given selection `selected` it. Paths and public
/// facts only: no private key text, no passphrase.
struct ImportPreviewView: Encodable {
    let folder: String
    let hosts: [ImportHostView]
    let identities: [ImportIdentityView]
    let keys: [ImportKeyView]
    let knownHosts: [ImportKnownHostView]
    let skipped: [ImportSkippedView]

    init(_ preview: ImportPreview, plan: ImportPlan?) {
        folder = preview.folder
        let chosenHosts = Set(plan?.hosts.map(\.index) ?? [])
        let chosenIdentities = Set(plan?.identities.map(\.index) ?? [])
        hosts = preview.hosts.map { ImportHostView($0, in: preview, selected: chosenHosts.contains($0.index)) }
        identities = preview.identities.map {
            ImportIdentityView($0, in: preview, selected: chosenIdentities.contains($0.index))
        }
        keys = preview.keys.map { ImportKeyView($0, selected: plan?.keys.contains($0.index) ?? false) }
        knownHosts = preview.knownHosts.map { ImportKnownHostView($0, selected: plan?.knownHosts.contains($0.index) ?? false) }
        skipped = preview.skipped.map(ImportSkippedView.init)
    }
}
