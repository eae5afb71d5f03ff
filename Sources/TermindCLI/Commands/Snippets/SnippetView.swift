import TermindDomain

/// A Snippet as `list` and `show` print it.
struct SnippetView: Encodable {
    let label: String
    let script: String
    let tags: [String]

    init(_ snippet: Snippet) {
        label = snippet.label.rawValue
        script = snippet.script
        tags = snippet.tags
    }
}
