import CVTerm
public enum PresentationPlaceholder { static func f() { vterm_free(vterm_new(24, 80)) } }
