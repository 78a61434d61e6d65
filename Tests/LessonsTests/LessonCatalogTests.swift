import StreamCore
import Testing

@testable import Lessons

@Suite struct LessonCatalogTests {
  @Test func listsTitlesAndProgressAligned() {
    var progress = Progress()
    progress.recordPass(lesson: "/l/lesson01.txt", lessonTitle: "Basics", exercise: "A", answer: "just 1")
    progress.recordPass(lesson: "/l/lesson02.txt", lessonTitle: "Maps", exercise: "B", answer: "just 1")
    let entries = [
      LessonCatalog.Entry(
        key: "/l/lesson01.txt", fileName: "lesson01.txt", text: "title: Basics\nexercise: A\nsolution: just 1\n"),
      LessonCatalog.Entry(
        key: "/l/lesson02.txt", fileName: "lesson02.txt",
        text: "title: Transforming values\nexercise: A\nsolution: just 1\nexercise: B\nsolution: just 1\n"),
      LessonCatalog.Entry(key: "/l/lesson03.txt", fileName: "lesson03.txt", text: "lesson: x\n"),
    ]
    #expect(
      LessonCatalog.listing(entries, progress: progress) == """
        lesson01.txt  Basics               done 1/1
        lesson02.txt  Transforming values  1/2 passed
        lesson03.txt  (cannot be read: expected a `title:` line at the top of the lesson)

        """)
  }
}

@Suite struct EventsTextTests {
  @Test func writesEventsInTheExpectSyntax() {
    let events = [
      TimelineEvent(time: .zero, kind: .subscribed),
      TimelineEvent(time: .milliseconds(500), kind: .value(.string("iph"))),
      TimelineEvent(time: .milliseconds(600), kind: .value(.tuple([.int(1), .string("a")]))),
      TimelineEvent(time: .milliseconds(700), kind: .value(.array([.double(2.5), .null]))),
      TimelineEvent(time: .milliseconds(900), kind: .failed("no \"network\"")),
    ]
    #expect(EventsText.format(events) == #"500ms:"iph", 600ms:(1, "a"), 700ms:[2.5, nil], 900ms:#"no \"network\"""#)
    #expect(EventsText.format([TimelineEvent(time: .zero, kind: .cancelled)]) == "nothing")
  }
}
