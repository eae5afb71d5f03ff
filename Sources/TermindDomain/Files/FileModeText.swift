/// A mode as `ls -l` shows it: `drwxr-xr-x`, with setuid/setgid/sticky as `s`/`S`/`t`/`T`.
public enum FileModeText {
    public static func text(_ mode: UInt32) -> String {
        // Bytes, not Characters: `ls -l` calls this once a row.
        let type: UInt8 = switch mode & 0o170000 {
        case 0o040000: UInt8(ascii: "d")
        case 0o120000: UInt8(ascii: "l")
        case 0o020000: UInt8(ascii: "c")
        case 0o060000: UInt8(ascii: "b")
        case 0o010000: UInt8(ascii: "p")
        case 0o140000: UInt8(ascii: "s")
        default: UInt8(ascii: "-")
        }
        return String(unsafeUninitializedCapacity: 10) { text in
            text[0] = type
            for (index, shift) in [6, 3, 0].enumerated() {
                let bits = (mode >> UInt32(shift)) & 0o7
                text[1 + index * 3] = bits & 4 != 0 ? UInt8(ascii: "r") : UInt8(ascii: "-")
                text[2 + index * 3] = bits & 2 != 0 ? UInt8(ascii: "w") : UInt8(ascii: "-")
                let execute = bits & 1 != 0
                let special: UInt32 = [0o4000, 0o2000, 0o1000][index]
                text[3 + index * 3] = if mode & special != 0 {
                    index == 2 ? (execute ? UInt8(ascii: "t") : UInt8(ascii: "T")) : (execute ? UInt8(ascii: "s") : UInt8(ascii: "S"))
                } else {
                    execute ? UInt8(ascii: "x") : UInt8(ascii: "-")
                }
            }
            return 10
        }
    }
}
