import Foundation
import StreamLabFuzzing

#if STREAMLAB_LIBFUZZER
  import CLibFuzzer
#endif

/// `streamlab-fuzz seeds DIR LESSON…` writes the seed corpus and dictionary.
/// `streamlab-fuzz sweep FILE…` sends every prefix and suffix of every
/// program in the lessons and markdown FILEs through the front door
/// (`FrontDoorSweep`) and exits 1 on any failure; `streamlab-fuzz programs
/// FILE…` prints those programs, each ended by a NUL.
/// `streamlab-fuzz TARGET [ARGS…]` (program or lesson): in the fuzz build
/// (`scripts/fuzz`, -sanitize=fuzzer and -DSTREAMLAB_LIBFUZZER) ARGS are
/// libFuzzer's; in a normal build ARGS are input files, each run once and its
/// outcome printed, to replay a crasher without the sanitizers.
@main
enum FuzzMain {
  static func main() {
    let arguments = CommandLine.arguments
    if arguments.count >= 3 && arguments[1] == "seeds" {
      writeSeeds(to: arguments[2], lessonPaths: Array(arguments.dropFirst(3)))
      return
    }
    if arguments.count >= 2 && arguments[1] == "sweep" {
      sweep(Array(arguments.dropFirst(2)))
    }
    if arguments.count >= 2 && arguments[1] == "programs" {
      let (lessons, documents) = read(Array(arguments.dropFirst(2)))
      for program in FrontDoorSweep.programs(lessons: lessons, documents: documents) {
        print(program, terminator: "\u{0}")
      }
      exit(0)
    }
    guard arguments.count >= 2, let target = FuzzTarget(rawValue: arguments[1]) else {
      let targets = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
      FileHandle.standardError.write(Data("usage: streamlab-fuzz seeds DIR LESSON… | \(targets) [ARGS…]\n".utf8))
      exit(2)
    }
    FuzzSession.target = target
    atexit { FuzzSession.printSummary() }
    #if STREAMLAB_LIBFUZZER
      // libFuzzer reads argv[0] and its own flags; the target's name is not one of them.
      var argc = CommandLine.argc - 1
      var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
      CommandLine.unsafeArgv[1] = CommandLine.unsafeArgv[0]
      argv = argv.map { $0 + 1 }
      exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in FuzzSession.runOne(data, size) })
    #else
      for path in arguments.dropFirst(2) {
        guard let data = FileManager.default.contents(atPath: path) else {
          print("\(path): cannot read")
          continue
        }
        print("\(path): \(target.run(Array(data)))")
      }
    #endif
  }

  /// The lessons and markdown documents at `paths`; a path that cannot be read ends the command.
  private static func read(_ paths: [String]) -> (lessons: [(fileName: String, text: String)], documents: [String]) {
    var lessons: [(fileName: String, text: String)] = []
    var documents: [String] = []
    for path in paths {
      guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
        exit(2)
      }
      let text = String(decoding: data, as: UTF8.self)
      if path.hasSuffix(".md") {
        documents.append(text)
      } else {
        lessons.append(((path as NSString).lastPathComponent, text))
      }
    }
    return (lessons, documents)
  }

  private static func sweep(_ paths: [String]) -> Never {
    let (lessons, documents) = read(paths)
    let programs = FrontDoorSweep.programs(lessons: lessons, documents: documents)
    let started = Date()
    var inputs = 0
    var failures: [FrontDoorSweep.Failure] = []
    for program in programs {
      for input in FrontDoorSweep.cuts(of: program) {
        inputs += 1
        if let failure = FrontDoorSweep.check(input) { failures.append(failure) }
      }
    }
    for failure in failures.prefix(50) { print(failure) }
    let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
    print("sweep: \(programs.count) programs, \(inputs) prefixes and suffixes through the front door in \(seconds)s")
    print("\(inputs - failures.count) passed, \(failures.count) failed")
    exit(failures.isEmpty ? 0 : 1)
  }

  /// - Parameter lessonPaths: lesson files, and `.swift` pastes (the
  ///   interpreter's corpus), which seed the program target as they are.
  private static func writeSeeds(to directory: String, lessonPaths: [String]) {
    let files = lessonPaths.compactMap { path -> (fileName: String, text: String)? in
      guard let data = FileManager.default.contents(atPath: path) else { return nil }
      return ((path as NSString).lastPathComponent, String(decoding: data, as: UTF8.self))
    }
    let lessons = files.filter { !$0.fileName.hasSuffix(".swift") }
    let pastes = files.filter { $0.fileName.hasSuffix(".swift") }.map(\.text)
    let root = URL(fileURLWithPath: directory)
    let sets: [(FuzzTarget, [String])] = [
      (.program, SeedCorpus.programs(lessons: lessons) + pastes), (.lesson, SeedCorpus.lessons(lessons)),
    ]
    do {
      for (target, seeds) in sets {
        let folder = root.appendingPathComponent(target.rawValue)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (index, seed) in seeds.enumerated() {
          try Data(seed.utf8).write(to: folder.appendingPathComponent(String(format: "seed-%04d.txt", index)))
        }
        print("\(seeds.count) \(target.rawValue) seeds in \(folder.path)")
      }
      try Data(SeedCorpus.dictionary.utf8).write(to: root.appendingPathComponent("streamlab.dict"))
    } catch {
      FileHandle.standardError.write(Data("cannot write seeds: \(error)\n".utf8))
      exit(1)
    }
  }
}
