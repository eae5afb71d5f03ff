/// A path on a site: a source or the destination of a Batch.
public struct TransferEndpoint: Sendable {
    public let site: TransferSite
    public let path: String

    public init(_ site: TransferSite, _ path: String) {
        self.site = site
        self.path = path
    }

    public var address: TransferAddress { TransferAddress(location: site.location, path: path) }
}
