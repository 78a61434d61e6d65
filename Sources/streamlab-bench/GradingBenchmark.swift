import Foundation

/// `streamlab-bench grading [repetitions] [sizes…]`: a class graded as a
/// teacher grades it (issue 34), `streamlab run lessons/lesson04.txt
/// --answers-from LIST` on 1,000 and 10,000 students' files, as a whole process.
///
/// Each student's file is the lesson's student copy (`lesson student`) with
/// every `answer:` filled: three in five exercises right (the solution), one
/// in five a wrong output (`… | map x`), one in five a near miss (the
/// solution's operator with half its time, which the lesson's checks catch),
/// rotating over students so every exercise gets each. Such a class writes a
/// few answers many times, which grading checks once each (`CheckMemo`); the
/// second class writes every answer differently (the same answers, spaced
/// apart differently by each student: `typing   |  debounce 300ms`), which it
/// cannot. The baseline is the same class graded on one core (`taskset -c
/// 0`), in the same run; the table gives the time per student and the peak
/// memory, which must not grow with the class.
enum GradingBenchmark {
  static let defaultSizes = [1_000, 10_000]

  struct Row {
    let students: Int
    let distinct: Bool
    let oneCore: Bool
    var runs: [ProcessRun] = []
    var best: Double { runs.map(\.seconds).min() ?? 0 }
    var cpu: Double { runs.map(\.cpuSeconds).min() ?? 0 }
    var peak: Int { runs.map(\.peakBytes).min() ?? 0 }
  }

  static func measure(repetitions: Int, sizes: [Int], binary: String) {
    let lesson = "lessons/lesson04.txt"
    guard let copy = output(of: binary, ["lesson", "student", lesson]) else {
      print("streamlab-bench grading: `\(binary) lesson student \(lesson)` did not run; build streamlab first")
      return
    }
    let solutions =
      (try? String(contentsOfFile: lesson, encoding: .utf8))?.split(separator: "\n")
      .filter { $0.hasPrefix("solution: ") }.map { String($0.dropFirst("solution: ".count)) } ?? []
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("streamlab-bench-grading-\(getpid())")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let largest = sizes.max() ?? 0
    let paths: [[String]] = [false, true].map { distinct in
      (0..<largest).map { student -> String in
        let path = directory.appendingPathComponent("\(distinct ? "distinct" : "class")\(student).txt").path
        try? answered(copy, solutions: solutions, student: student, distinct: distinct)
          .write(toFile: path, atomically: false, encoding: .utf8)
        return path
      }
    }
    let taskset = FileManager.default.isExecutableFile(atPath: "/usr/bin/taskset") ? "/usr/bin/taskset" : nil
    var rows: [Row] = [false, true].flatMap { distinct in
      sizes.flatMap { size in
        [Row(students: size, distinct: distinct, oneCore: false)]
          + (taskset == nil ? [] : [Row(students: size, distinct: distinct, oneCore: true)])
      }
    }
    let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
    print(
      "streamlab-bench grading: \(binary) run \(lesson) --answers-from <N files> --format results, on \(cores) cores")
    print("\(repetitions) repetitions per row, rows taking turns; best wall time, best CPU time, smallest peak memory")
    for _ in 0..<max(repetitions, 1) {
      for index in rows.indices {
        // The paths as a list file (`--answers-from`): 10,000 of them on the
        // command line cost ArgumentParser seconds (it is quadratic in them).
        let files: [String] = Array(paths[rows[index].distinct ? 1 : 0].prefix(rows[index].students))
        let list = directory.appendingPathComponent("list\(index).txt").path
        try? files.joined(separator: "\n").write(toFile: list, atomically: false, encoding: .utf8)
        let arguments = ["run", lesson, "--answers-from", list, "--format", "results"]
        let run =
          rows[index].oneCore
          ? ProcessRun.run(taskset ?? "", ["-c", "0", binary] + arguments, quiet: true)
          : ProcessRun.run(binary, arguments, quiet: true)
        if let run { rows[index].runs.append(run) }
      }
    }
    print(table(rows))
  }

  /// What `binary arguments` prints, or nil when it does not run or fails.
  static func output(of binary: String, _ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
  }

  /// The student copy with each `answer:` filled as `student` answers it.
  static func answered(_ copy: String, solutions: [String], student: Int, distinct: Bool = false) -> String {
    var exercise = 0
    return copy.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      guard line == "answer:", exercise < solutions.count else { return String(line) }
      defer { exercise += 1 }
      let solution = solutions[exercise]
      let answer: String
      switch (student + exercise) % 5 {
      case 3: answer = (solution.split(separator: " ").first.map(String.init) ?? "just 1") + " | map x"
      case 4: answer = halved(solution)
      default: answer = solution
      }
      guard distinct, let bar = answer.range(of: " | ") else { return "answer: " + answer }
      // Spaced as no other student spaces it: the same program, another text.
      let spacing =
        String(repeating: " ", count: 1 + student % 100) + "|" + String(repeating: " ", count: 1 + student / 100)
      return "answer: " + answer.replacingCharacters(in: bar, with: spacing)
    }.joined(separator: "\n")
  }

  /// `typing | debounce 300ms` → `typing | debounce 150ms`.
  static func halved(_ solution: String) -> String {
    solution.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
      guard word.hasSuffix("ms"), let number = Int(word.dropLast(2)) else { return String(word) }
      return "\(max(number / 2, 1))ms"
    }.joined(separator: " ")
  }

  static func table(_ rows: [Row]) -> String {
    var lines = [
      "  class                      students  cores     wall      CPU   per student   peak memory   vs one core"
    ]
    for row in rows {
      let perStudent = row.students > 0 ? row.best / Double(row.students) * 1000 : 0
      let oneCore = rows.first { $0.students == row.students && $0.distinct == row.distinct && $0.oneCore }
      let speedup =
        row.oneCore ? "baseline" : oneCore.map { String(format: "%.2f× faster", $0.best / max(row.best, 1e-9)) } ?? "-"
      lines.append(
        String(
          format: "  %@  %8d  %5@  %6.2f s  %6.2f s  %8.3f ms  %9.1f MB   %@",
          row.distinct ? "every answer written apart " : "as a class writes (repeats)", row.students,
          row.oneCore ? "1" : "all", row.best, row.cpu, perStudent, Double(row.peak) / 1_048_576, speedup))
    }
    for distinct in [false, true] {
      let all = rows.filter { !$0.oneCore && $0.distinct == distinct }
      guard let small = all.first, let large = all.last, large.students > small.students else { continue }
      lines.append(
        String(
          format: "  %@: %d× the students, %.2f× the time, %.2f× the peak memory",
          distinct ? "every answer written apart" : "as a class writes", large.students / max(small.students, 1),
          large.best / max(small.best, 1e-9), Double(large.peak) / Double(max(small.peak, 1))))
    }
    return lines.joined(separator: "\n")
  }
}
