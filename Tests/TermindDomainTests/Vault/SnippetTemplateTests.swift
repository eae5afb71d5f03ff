import TermindDomain
import XCTest

/// `{{name}}` placeholders in a Snippet's script: found in order and once, replaced by the
/// values given; anything that is not a well-formed placeholder stays the script's text.
final class SnippetTemplateTests: XCTestCase {
    func testVariablesAreFoundInOrderOnceAndReplacedEverywhere() {
        let template = SnippetTemplate("tail -n {{ lines }} /var/log/{{service}}.log | grep {{service}}")
        XCTAssertEqual(template.variables, ["lines", "service"])
        XCTAssertEqual(template.rendered(["lines": "50", "service": "nginx"]), "tail -n 50 /var/log/nginx.log | grep nginx")
    }

    func testWhatIsNotAPlaceholderStaysText() {
        let script = "echo {{}} {{two words}} {{unclosed and ${HOME} {{ok}}"
        let template = SnippetTemplate(script)
        XCTAssertEqual(template.variables, ["ok"])
        XCTAssertEqual(template.rendered(["ok": "fine"]), "echo {{}} {{two words}} {{unclosed and ${HOME} fine")
        XCTAssertEqual(SnippetTemplate("awk '{print $1}' | jq '{{a: 1}}'").variables, [])
    }

    func testAValueIsInsertedLiterallyNeverReadAsAnotherPlaceholder() {
        let template = SnippetTemplate("{{a}} {{b}}")
        XCTAssertEqual(template.rendered(["a": "{{b}}", "b": "x"]), "{{b}} x")
        XCTAssertEqual(template.rendered([:]), " ", "a missing value is nothing")
    }

    func testAHugeScriptOfPlaceholdersIsBounded() {
        let script = (0..<1_000).map { "{{v\($0)}}" }.joined(separator: " ")
        let template = SnippetTemplate(script)
        XCTAssertEqual(template.variables.count, SnippetTemplate.maxVariables)
        XCTAssertTrue(template.rendered([:]).contains("{{v999}}"), "the rest stays text")
    }
}
