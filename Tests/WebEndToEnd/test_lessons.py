"""Lessons in the browser: the list, a lesson's prose and examples, and an
exercise answered wrong and then right, checked by the server's checker."""

from pathlib import Path

from playground import values

# Every lesson file of the curriculum is listed by the page.
LESSON_COUNT = len(list((Path(__file__).resolve().parents[2] / "lessons").glob("lesson*.txt")))

READ_COMPARISON = """
exercise => [...exercise.querySelectorAll('.feedback svg .row')].map(row => ({
  label: row.querySelector('.label').textContent.trim(),
  marks: [...row.querySelectorAll('.mark')].map(mark => ({
    kind: mark.dataset.kind,
    t: Number(mark.dataset.t),
    text: (mark.querySelector('.token') || {}).textContent || null,
  })),
}))
"""


def open_lesson_one(page):
    page.goto("/#lessons")
    page.wait_for_selector("#lesson-list a")
    titles = page.locator("#lesson-list a").all_text_contents()
    assert len(titles) == LESSON_COUNT
    page.click("#lesson-list li:first-child a")
    page.wait_for_selector("#lesson-body .exercise")


def test_the_lesson_list_opens_a_lesson_with_prose_and_runnable_examples(page, shoot):
    page.goto("/#lessons")
    page.wait_for_selector("#lesson-list a")
    shoot("lesson-list")
    open_lesson_one(page)
    page.wait_for_selector("#lesson-body .example-output svg")
    shoot("lesson-one", page.locator("#lesson-body .example").first)

    assert page.locator("#lesson-body h1").count() == 1
    assert page.locator("#lesson-body p").count() >= 3
    assert page.locator("#lesson-body .example").count() >= 1
    assert page.locator("#lesson-body .exercise").count() >= 4
    # An example opens in the playground as a link of its own.
    program = page.locator("#lesson-body .example-program").first.text_content()
    page.locator("#lesson-body .example a").first.click()
    page.wait_for_function("program => document.querySelector('#output').dataset.program === program", arg=program)
    assert page.input_value("#program") == program


def test_a_wrong_answer_shows_expected_and_actual_and_a_right_one_passes(page, shoot):
    open_lesson_one(page)
    exercise = page.locator('#lesson-body .exercise[data-exercise="1"]')

    exercise.locator(".answer").fill('just "steady"')
    exercise.locator("button.check").click()
    exercise.locator(".feedback.failed svg").wait_for()
    shoot("wrong-answer", exercise)
    assert exercise.locator(".verdict").text_content() == "\u2717 Not yet"
    comparison = page.evaluate(READ_COMPARISON, exercise.element_handle())
    assert [row["label"] for row in comparison] == ["expected", "your answer"]
    # Both are one value and a completion at 0ms; the values differ, so
    # each is a legend letter of its own.
    assert [mark["kind"] for mark in comparison[0]["marks"]] == ["value", "finished"]
    assert [mark["kind"] for mark in comparison[1]["marks"]] == ["value", "finished"]
    assert comparison[0]["marks"][0]["text"] != comparison[1]["marks"][0]["text"]
    feedback = exercise.locator(".feedback").text_content()
    assert 'expected "ready" at 0ms, got "steady" at 0ms' in feedback
    assert "null" not in feedback

    # The failure brought the first hint into the list; the button brings the next.
    assert exercise.locator(".hints li").count() == 1
    exercise.locator(".hint-button").click()
    exercise.locator(".hints li").nth(1).wait_for()
    hints = exercise.locator(".hints li").all_text_contents()
    assert len(hints) == 2 and hints[0] != hints[1]

    exercise.locator(".answer").fill('just "ready"')
    exercise.locator("button.check").click()
    exercise.locator(".feedback.passed").wait_for()
    shoot("right-answer", exercise)
    assert exercise.locator(".verdict").text_content() == "\u2713 Passed"


def test_an_answer_that_does_not_parse_says_where(page, shoot):
    open_lesson_one(page)
    exercise = page.locator('#lesson-body .exercise[data-exercise="1"]')
    exercise.locator(".answer").fill('jist "ready"')
    exercise.locator("button.check").click()
    exercise.locator(".feedback.failed").wait_for()
    shoot("answer-does-not-parse", exercise)
    text = exercise.locator(".feedback").text_content()
    assert "jist" in text


def test_a_leak_is_named_and_its_fix_passes_in_lesson_13(page, shoot):
    # Issue 30: lesson 13 checks who holds the subscription; a strong
    # capture stored in its own owner leaks, and the page says so.
    page.goto("/#lessons")
    page.wait_for_selector("#lesson-list a")
    page.locator("#lesson-list a", has_text="Who holds the subscription").click()
    exercise = page.locator('#lesson-body .exercise[data-exercise="2"]')
    exercise.wait_for()
    exercise.locator(".answer").fill("ticks sink strong clock store clock")
    exercise.locator("button.check").click()
    exercise.locator(".feedback.failed").wait_for()
    feedback = exercise.locator(".feedback").text_content()
    assert "expected clock to be released (deinit) at 2500ms, but it leaked" in feedback
    shoot("lesson13-leak", exercise)
    exercise.locator(".answer").fill("ticks sink weak clock store clock")
    exercise.locator("button.check").click()
    exercise.locator(".feedback.passed").wait_for()


def test_a_test_exercise_shows_its_code_and_names_the_near_miss_a_weak_test_lets_pass(page, shoot):
    # Issue 32: lesson 15 asks for tests; one that looks only after a second
    # passes on the code but also on a shorter debounce, and the page says so.
    page.goto("/#lessons")
    page.wait_for_selector("#lesson-list a")
    page.locator("#lesson-list a", has_text="Testing a pipeline").click()
    exercise = page.locator('#lesson-body .exercise[data-exercise="1"]')
    exercise.wait_for()
    code = exercise.locator(".code-under-test").text_content()
    assert ".debounce(for: .milliseconds(300), scheduler: scheduler)" in code
    assert "\n    queries\n" in code  # indented as in the lesson file
    weak = "\n".join([
        "final class T: XCTestCase {",
        "  func testIt() {",
        "    let scheduler = DispatchQueue.test",
        "    let search = Search(scheduler: scheduler.eraseToAnyScheduler())",
        '    search.queries.send("s")',
        "    scheduler.advance(by: .seconds(1))",
        '    XCTAssertEqual(search.sent, ["s"])',
        "  }",
        "}",
    ])
    exercise.locator(".answer").fill(weak)
    exercise.locator("button.check").click()
    exercise.locator(".feedback.failed svg").wait_for()
    shoot("lesson15-weak-test", exercise)
    feedback = exercise.locator(".feedback").text_content()
    assert "your tests also pass on this near miss of the code, line 7: `.milliseconds(300)` → `.milliseconds(150)`" in feedback
    exact = weak.replace(
        "    scheduler.advance(by: .seconds(1))\n",
        "    scheduler.advance(by: .milliseconds(299))\n    XCTAssertEqual(search.sent, [])\n"
        "    scheduler.advance(by: .milliseconds(1))\n",
    )
    exercise.locator(".answer").fill(exact)
    exercise.locator("button.check").click()
    exercise.locator(".feedback.passed").wait_for()
    assert exercise.locator(".verdict").text_content() == "\u2713 Passed"
