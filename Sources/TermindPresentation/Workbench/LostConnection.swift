import TermindApplication

/// Which of a label's shared connections was lost (panes lost with it reconnect together).
struct LostConnection: Hashable {
    let label: String
    let number: Int

    init(label: String, number: Int) {
        self.label = label
        self.number = number
    }

    init(_ lease: SharedConnectionLease) {
        self.init(label: lease.label, number: lease.connectionNumber)
    }
}
