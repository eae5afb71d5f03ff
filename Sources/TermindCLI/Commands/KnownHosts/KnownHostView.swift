import Foundation
import TermindDomain

/// A Known Host as `list` and `show` print it.
struct KnownHostView: Encodable {
    let pattern: String
    let type: String
    let fingerprint: String
    let marker: String?
    let comment: String
    let line: String
    let addedAt: Date

    init(_ record: KnownHost) {
        pattern = record.pattern
        type = record.keyType
        fingerprint = record.fingerprint.description
        marker = record.marker == .none ? nil : record.marker.rawValue
        comment = record.comment
        line = record.line
        addedAt = record.addedAt
    }
}
