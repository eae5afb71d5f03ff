/// An optional `--json` field that is written as `null` when absent: synthesized `Encodable`
/// leaves nil out, and a JSON contract where every object has every key needs it in.
@propertyWrapper
struct NullWhenAbsent<Value: Encodable>: Encodable {
    var wrappedValue: Value?

    init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

extension NullWhenAbsent: Sendable where Value: Sendable {}
