/// A mode as `ls -l` shows it: `drwxr-xr-x`, with setuid/setgid/sticky as `s`/`S`/`t`/`T`.
public enum FileModeText {
    public static func text(_ mode: UInt32) -> String {
        let type: Character = switch mode & 0o170000 {
        case 0o040000: "d"
        case 0o120000: "l"
        case 0o020000: "c"
        case 0o060000: "b"
        case 0o010000: "p"
        case 0o140000: "s"
        default: "-"
        }
        var text = [type]
        let special: [(set: UInt32, lower: Character, upper: Character)] = [(0o4000, "s", "S"), (0o2000, "s", "S"), (0o1000, "t", "T")]
        for (index, shift) in [6, 3, 0].enumerated() {
            let bits = (mode >> UInt32(shift)) & 0o7
            text.append(bits & 4 != 0 ? "r" : "-")
            text.append(bits & 2 != 0 ? "w" : "-")
            let execute = bits & 1 != 0
            if mode & special[index].set != 0 {
                text.append(execute ? special[index].lower : special[index].upper)
            } else {
                text.append(execute ? "x" : "-")
            }
        }
        return String(text)
    }
}
