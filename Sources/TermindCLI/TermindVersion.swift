/// The version `termind --version` prints.
public enum TermindVersion {
    public static let current = "0.1.0"
}
