import Glibc

/// The C library's `wcwidth` under the person's locale (`LC_ALL`, `LC_CTYPE`, `LANG`), the
/// table the outer terminal most likely measures with (tmux, and most terminals, call the same
/// function). Only a UTF-8 locale is used: under any other `wcwidth` knows no character past
/// ASCII, and `CharacterWidth` keeps its own table.
///
/// Reads the locale once; the `locale_t` is never changed after, so any thread may use it
/// (`uselocale` switches only the calling thread, for the length of one call).
struct LocaleCharacterWidth {
    /// The width table of the environment's locale, or nil when it is not UTF-8.
    nonisolated(unsafe) static let environment = LocaleCharacterWidth(localeName: "")

    private let locale: locale_t

    /// The table of `localeName` ("" is the environment's), or nil when that locale is
    /// missing or not UTF-8.
    init?(localeName: String) {
        guard let locale = newlocale(LC_CTYPE_MASK, localeName, nil) else { return nil }
        guard let codeset = nl_langinfo_l(nl_item(CODESET), locale), String(cString: codeset) == "UTF-8" else {
            freelocale(locale)
            return nil
        }
        self.locale = locale
    }

    /// `wcwidth` of `scalar`, or nil where it has no answer (-1: a control or unassigned).
    func columns(of scalar: Unicode.Scalar) -> Int? {
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        let width = localeWcwidth(wchar_t(bitPattern: scalar.value))
        return width >= 0 ? Int(width) : nil
    }
}

/// glibc's `wcwidth`, which the Glibc module leaves out (it is an X/Open extension, declared only
/// under `_XOPEN_SOURCE`); `int wcwidth(wchar_t)` takes and returns plain 32-bit integers.
@_silgen_name("wcwidth")
private func localeWcwidth(_ character: wchar_t) -> Int32
