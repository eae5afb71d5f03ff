/// The fields of one CSI or DCS header being parsed: private marker, parameters with their
/// separators, intermediates. It holds at most what libvterm 0.1.4 can take, so it never grows
/// with hostile input: parameters past `VTermInputParser.maxParameters` are dropped (as xterm
/// does), each value is clamped at `VTermInputParser.maxParameterValue` while its digits arrive
/// (so it cannot overflow), and too many intermediates mark the whole sequence as ignored.
///
/// A value owned by its `VTermInputParser`.
struct ControlSequence {
    /// The private marker (`<`, `=`, `>` or `?`) right after the introducer, if any.
    var privateMarker: UInt8?
    /// Parameter values in order; nil where a parameter is empty (its default).
    private(set) var parameters: [Int?] = []
    /// The separator before each parameter after the first: `;` or `:` (a sub-parameter).
    private(set) var separators: [UInt8] = []
    private(set) var intermediates: [UInt8] = []
    /// True when the sequence broke a limit that cannot be repaired by dropping parameters;
    /// it is then dropped whole at its final byte.
    var isIgnored = false
    /// True once the parameter limit was reached: further digits and separators are dropped.
    private var isDroppingParameters = false

    init() {
        parameters.reserveCapacity(VTermInputParser.maxParameters)
        separators.reserveCapacity(VTermInputParser.maxParameters)
    }

    mutating func reset() {
        privateMarker = nil
        parameters.removeAll(keepingCapacity: true)
        separators.removeAll(keepingCapacity: true)
        intermediates.removeAll(keepingCapacity: true)
        isIgnored = false
        isDroppingParameters = false
    }

    /// A digit `0`–`9` of the current parameter.
    mutating func addDigit(_ byte: UInt8) {
        guard !isDroppingParameters else { return }
        let digit = Int(byte &- UInt8(ascii: "0"))
        if parameters.isEmpty {
            parameters.append(nil)
        }
        let current = parameters[parameters.count - 1] ?? 0
        let limit = VTermInputParser.maxParameterValue
        parameters[parameters.count - 1] = current > (limit - digit) / 10 ? limit : current * 10 + digit
    }

    /// A `;` or `:` ending the current parameter.
    mutating func addSeparator(_ byte: UInt8) {
        guard !isDroppingParameters else { return }
        if parameters.isEmpty {
            parameters.append(nil)
        }
        guard parameters.count < VTermInputParser.maxParameters else {
            isDroppingParameters = true
            return
        }
        separators.append(byte)
        parameters.append(nil)
    }

    mutating func addIntermediate(_ byte: UInt8) {
        guard intermediates.count < VTermInputParser.maxIntermediates else {
            isIgnored = true
            return
        }
        intermediates.append(byte)
    }

    /// True for a DEC private mode reset that puts back a saved cursor (1048, or 1049 leaving
    /// the alternate screen).
    func restoresCursor(final: UInt8) -> Bool {
        final == UInt8(ascii: "l") && privateMarker == UInt8(ascii: "?") && intermediates.isEmpty
            && parameters.contains { $0 == 1048 || $0 == 1049 }
    }

    /// Appends the header as libvterm should see it: marker, parameters, intermediates, then
    /// `final`. Leading zeros are not kept; empty parameters stay empty.
    func encode(final: UInt8, into output: inout [UInt8]) {
        if let privateMarker {
            output.append(privateMarker)
        }
        for (index, parameter) in parameters.enumerated() {
            if index > 0 {
                output.append(separators[index - 1])
            }
            if let parameter {
                Self.appendDecimal(parameter, to: &output)
            }
        }
        output.append(contentsOf: intermediates)
        output.append(final)
    }

    private static func appendDecimal(_ value: Int, to output: inout [UInt8]) {
        if value >= 10 {
            appendDecimal(value / 10, to: &output)
        }
        output.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
