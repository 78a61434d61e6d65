"""Accessibility as a test: axe-core (bundled by axe-playwright-python) on
every view of the page, light and dark, and what a screen reader hears of
the diagram, the clock, the buttons and the tabs."""

import pytest
from axe_playwright_python.sync_playwright import Axe

from playground import run_program
from test_page_defects import MARKS, contrast

AXE = Axe()


def violations(page):
    results = AXE.run(page)
    return [
        f"{item['id']}: {item['help']} ({', '.join(str(node['target']) for node in item['nodes'][:3])})"
        for item in results.response["violations"]
    ]


def views(page):
    """Each view of the page, reached as a student reaches it; yields its name."""
    run_program(page, MARKS)
    yield "diagram"
    for tab in ["text", "events", "json", "swift"]:
        page.click(f"[data-format={tab}]")
        page.wait_for_selector("#text-output:not([hidden])")
        page.wait_for_function("() => document.querySelector('#text-output').textContent !== ''")
        yield tab
    page.click("[data-format=diagram]")
    page.click("#clock-forward")
    page.wait_for_function("() => document.querySelector('#state-heading').textContent.endsWith('ms')")
    yield "clock-stepped"
    page.click("#clock-end")
    page.locator("#diagram .row.output .mark[data-kind=value]").first.click()
    page.wait_for_function("() => document.querySelector('#causes-caption').textContent.startsWith('why')")
    yield "causes-shown"
    page.keyboard.press("Escape")
    page.check("#predict")
    page.wait_for_selector("#diagram svg[data-hides-output]")
    yield "predict"
    page.uncheck("#predict")
    page.check("#opt-large")
    page.check("#opt-contrast")
    yield "large-type-high-contrast"
    page.uncheck("#opt-large")
    page.uncheck("#opt-contrast")
    page.fill("#program", "just 1 | mapp x")
    page.click("#run")
    page.wait_for_selector("#error:not([hidden])")
    yield "parse-error"
    page.goto("/#lessons")
    page.wait_for_selector("#lesson-list a")
    yield "lesson-list"
    page.goto("/#lesson=lesson04")
    page.wait_for_selector("#lesson-body .exercise")
    page.wait_for_selector("#lesson-body .example-output svg")
    yield "lesson"
    exercise = page.locator('#lesson-body .exercise[data-exercise="1"]')
    exercise.locator(".answer").fill("typing | map x")
    exercise.locator(".check").click()
    exercise.locator(".feedback.failed svg").wait_for()
    yield "lesson-failed-check"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violation_on_any_view(page, shoot, scheme):
    page.emulate_media(color_scheme=scheme)
    found = {}
    names = []
    for name in views(page):
        names.append(name)
        shoot(f"axe-{scheme}-{name}")
        problems = violations(page)
        if problems:
            found[name] = problems
    assert found == {}, "\n".join(f"{name}: {problem}" for name, problems in found.items() for problem in problems)
    assert len(names) == 13


def test_the_diagram_reads_each_row_with_its_times(page):
    run_program(page, 'marbles "-1-2|" | map x * 10')
    readings = page.evaluate(
        "() => [...document.querySelectorAll('#diagram svg .row')].map(row => row.getAttribute('aria-label'))"
    )
    assert readings == [
        'marbles "-1-2|": 1 at 100ms; 2 at 300ms; finished at 400ms',
        "map x * 10: 10 at 100ms; 20 at 300ms; finished at 400ms",
    ]
    assert page.get_attribute("#diagram svg", "role") == "group"
    assert "Marble diagram" in page.get_attribute("#diagram svg", "aria-label")


def test_the_clock_announces_only_when_it_stops(page):
    run_program(page, "interval 100ms | take 3")
    assert page.evaluate("() => document.querySelector('#clock-time').closest('[aria-live], [role=status], output')") is None
    page.evaluate(
        """() => {
          window.announcements = [];
          new MutationObserver(() => window.announcements.push(document.querySelector('#clock-announce').textContent))
            .observe(document.querySelector('#clock-announce'), {childList: true, characterData: true, subtree: true});
          window.frames = 0;
          new MutationObserver(() => window.frames += 1)
            .observe(document.querySelector('#clock-time'), {childList: true, characterData: true, subtree: true});
        }"""
    )
    page.select_option("#clock-speed", "1")
    page.click("#clock-play")
    page.wait_for_function("() => document.querySelector('#clock-play').textContent === 'Play'")
    # The readout followed every frame; the announcement came once, at the end.
    assert page.evaluate("() => window.frames") > 5
    assert page.evaluate("() => window.announcements") == ["Clock at 300ms"]
    page.click("#clock-back")
    assert page.evaluate("() => window.announcements")[-1] == "Clock at 200ms"


def test_buttons_and_tabs_have_names_and_roles(page):
    run_program(page, "just 1")
    for name in ["Back to 0 ms", "Previous event", "Play", "Next event", "Show everything", "Run"]:
        assert page.get_by_role("button", name=name, exact=True).count() == 1, name
    assert page.get_by_role("tablist", name="Output format").count() == 1
    for name in ["Diagram", "Text", "Events", "JSON", "Swift"]:
        assert page.get_by_role("tab", name=name, exact=True).count() == 1, name
    assert page.get_by_role("tabpanel").count() == 1
    # The arrow keys move along the tabs, as ARIA's tab pattern has it.
    page.get_by_role("tab", name="Diagram").focus()
    page.keyboard.press("ArrowRight")
    assert page.get_attribute("[data-format=text]", "aria-selected") == "true"
    assert page.evaluate("() => document.activeElement.dataset.format") == "text"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_axis_contrast_is_at_least_4_5_to_1(page, scheme):
    page.emulate_media(color_scheme=scheme)
    run_program(page, "interval 100ms | take 3")
    colours = page.evaluate(
        """() => { const svg = document.querySelector('#diagram svg');
                   return [getComputedStyle(svg.querySelector('line.axis')).stroke,
                           getComputedStyle(svg.querySelector('.background')).fill] }"""
    )
    assert contrast(*colours) >= 4.5
