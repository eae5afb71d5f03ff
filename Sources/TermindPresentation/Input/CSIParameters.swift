/// The numeric parameters of a control sequence (`1;5` in `ESC[1;5A`): missing ones are nil,
/// sub-parameters after `:` are ignored (kitty's event types), and huge numbers saturate
/// instead of overflowing.
struct CSIParameters {
    private var values: [Int?] = []

    init(_ bytes: ArraySlice<UInt8>) {
        guard !bytes.isEmpty else { return }
        var current: Int?
        var inSubparameter = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: ";"):
                values.append(current)
                current = nil
                inSubparameter = false
            case UInt8(ascii: ":"):
                inSubparameter = true
            case UInt8(ascii: "0")...UInt8(ascii: "9") where !inSubparameter:
                current = min(1_000_000, (current ?? 0) * 10 + Int(byte - UInt8(ascii: "0")))
            default:
                break
            }
        }
        values.append(current)
    }

    var count: Int { values.count }
    var isEmpty: Bool { values.isEmpty }
    var last: Int? { values.last ?? nil }

    /// The parameter at `index`, nil when missing.
    subscript(index: Int) -> Int? {
        index < values.count ? values[index] : nil
    }
}
