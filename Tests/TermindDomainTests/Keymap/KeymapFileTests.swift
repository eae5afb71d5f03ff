import TermindDomain
import XCTest

final class KeymapFileTests: XCTestCase {
    private func parse(_ text: String) -> KeymapFile { KeymapFile(parsing: text, name: "keymap") }

    private func directives(_ text: String) -> [KeymapDirective] { parse(text).lines.map(\.directive) }

    func testReadsEveryKindOfStatement() throws {
        let file = parse("""
            set prefix C-a
            bind prefix % split-horizontal
            bind M-Left focus-left
            bind prefix M-Left resize-left 5
            bind prefix prefix send-prefix
            unbind prefix q
            unbind M-1
            unbind-all
            """)
        XCTAssertEqual(file.problems, [])
        XCTAssertEqual(file.lines.map(\.directive), [
            .setPrefix(try Key(name: "C-a")),
            .bind(.afterPrefix(Key("%")), .splitHorizontal),
            .bind(.direct(Key(.left, modifiers: .alt)), .focus(.left)),
            .bind(.afterPrefix(Key(.left, modifiers: .alt)), .resize(.left, cells: 5)),
            .bind(.prefixTwice, .sendPrefix),
            .unbind(.afterPrefix(Key("q"))),
            .unbind(.direct(Key(.character("1"), modifiers: .alt))),
            .unbindAll,
        ])
        XCTAssertEqual(file.lines.map(\.number), [1, 2, 3, 4, 5, 6, 7, 8])
    }

    func testSkipsCommentsAndBlankLinesAndCountsLinesFromOne() {
        let file = parse("# a comment\n\n   # indented comment\n\tbind prefix z zoom   # trailing comment\n")
        XCTAssertEqual(file.lines, [KeymapLine(number: 4, directive: .bind(.afterPrefix(Key("z")), .zoom))])
        XCTAssertEqual(file.problems, [])
    }

    func testAKeyWhosePlaceIsKnownMayBeAHashOrAQuote() {
        XCTAssertEqual(directives("bind prefix # zoom"), [.bind(.afterPrefix(Key("#")), .zoom)])
        XCTAssertEqual(directives("bind prefix '#' zoom"), [.bind(.afterPrefix(Key("#")), .zoom)])
        XCTAssertEqual(directives("bind prefix \" split-vertical"), [.bind(.afterPrefix(Key("\"")), .splitVertical)])
        XCTAssertEqual(directives("bind prefix '\"' split-vertical"), [.bind(.afterPrefix(Key("\"")), .splitVertical)])
        XCTAssertEqual(directives("bind # zoom"), [.bind(.direct(Key("#")), .zoom)])
    }

    func testReadsActionArguments() {
        XCTAssertEqual(directives("bind prefix C-Left resize-left"), [.bind(.afterPrefix(Key(.left, modifiers: .control)), .resize(.left, cells: 1))])
        XCTAssertEqual(directives("bind M-3 select-workspace 3"), [.bind(.direct(Key(.character("3"), modifiers: .alt)), .selectWorkspace(3))])
        XCTAssertEqual(directives("bind prefix m move-pane-to-workspace"), [.bind(.afterPrefix(Key("m")), .movePaneToWorkspace(nil))])
        XCTAssertEqual(directives("bind prefix M move-pane-to-workspace 2 # to the second"), [.bind(.afterPrefix(Key("M")), .movePaneToWorkspace(2))])
    }

    func testAnUnknownActionIsReportedWithFileLineAndASuggestion() {
        let file = KeymapFile(parsing: "\nbind prefix | splt-vertical\n", name: "/home/me/.config/termind/keymap")
        XCTAssertEqual(file.lines, [])
        XCTAssertEqual(file.problems.map(\.description), [
            "/home/me/.config/termind/keymap:2: unknown action 'splt-vertical' (did you mean split-vertical?)"
        ])
    }

    func testABadKeyNameIsReportedWithFileAndLine() {
        let problems = parse("bind prefix Leftt focus-left").problems
        XCTAssertEqual(problems.count, 1)
        XCTAssertEqual(problems.first?.line, 1)
        XCTAssertTrue(problems.first?.description.hasPrefix("keymap:1: 'Leftt' is not a key name") ?? false, "\(problems)")
    }

    func testMalformedLinesSayWhatIsWrong() {
        let cases: [(String, String)] = [
            ("bind", "bind needs a key and an action"),
            ("bind prefix", "bind prefix needs the key to press after the prefix"),
            ("bind prefix z", "bind prefix z needs an action after the key"),
            ("bind prefix zoom", "bind prefix needs the key to press after the prefix, before 'zoom'"),
            ("bind prefix z zoom now", "zoom takes no argument, but 'now' follows it"),
            ("bind prefix z resize-left 5 more", "unexpected 'more' at the end of the line"),
            ("bind prefix 1 select-workspace", "select-workspace needs a Workspace number"),
            ("bind prefix 1 select-workspace one", "select-workspace needs a Workspace number from 1 to 99, not 'one'"),
            ("bind prefix 1 select-workspace 0", "select-workspace needs a Workspace number from 1 to 99, not '0'"),
            ("bind prefix C-Left resize-left -3", "resize-left needs a number of cells from 1 to 999, not '-3'"),
            ("unbind", "unbind needs a key"),
            ("set mouse on", "the only setting is the prefix"),
            ("set prefix", "set prefix needs a key"),
            ("bnid prefix z zoom", "unknown statement 'bnid' (did you mean bind?)"),
            ("bind prefix z frobnicate", "unknown action 'frobnicate' (show-help lists them all)"),
        ]
        for (line, expected) in cases {
            let problems = parse(line).problems
            XCTAssertEqual(problems.count, 1, line)
            XCTAssertTrue(problems.first?.message.hasPrefix(expected) ?? false, "\(line): \(problems)")
        }
    }

    func testGoodLinesAreKeptAroundBadOnes() {
        let file = parse("bind prefix z zoom\nbind prefix y nope\nbind prefix x close-pane\nbind prefix Q quit extra")
        XCTAssertEqual(file.lines.map(\.number), [1, 3])
        XCTAssertEqual(file.problems.map(\.line), [2, 4])
    }

    func testActionNamesAreNotCaseSensitiveButPrintInLowerCase() {
        XCTAssertEqual(directives("bind prefix z Zoom"), [.bind(.afterPrefix(Key("z")), .zoom)])
        XCTAssertEqual(KeyAction.resize(.left, cells: 5).description, "resize-left 5")
        XCTAssertEqual(KeyAction.splitVertical.description, "split-vertical")
    }

    func testEveryActionReadsBackFromItsOwnDescription() throws {
        for name in KeyAction.Name.allCases {
            let argument: String? = name == .selectWorkspace ? "4" : nil
            let action = try KeyAction(name: name.rawValue, argument: argument)
            XCTAssertEqual(action.name, name)
            let words = action.description.split(separator: " ").map(String.init)
            XCTAssertEqual(try KeyAction(name: words[0], argument: words.count > 1 ? words[1] : nil), action)
            XCTAssertFalse(action.summary.isEmpty)
        }
    }
}
