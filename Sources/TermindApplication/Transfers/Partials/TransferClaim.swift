/// A destination held by one transfer (`PartialTransferStore.claim`): no other Termind
/// process sharing the store writes it until `release`.
public protocol TransferClaim: Sendable {
    func release() async
}
