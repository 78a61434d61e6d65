import StreamCore
import StreamLang
import StreamLangExport

// Small constructors for hand-built ASTs, so a test can state a program's
// tree in one line. Ranges are empty: these tests look at the code, not the
// comments quoting the program.

let nowhere = SourceRange(start: 0, end: 0)

func expr(_ kind: ExprKind) -> Expr { Expr(kind, range: nowhere) }
func int(_ number: Int) -> Expr { expr(.int(number)) }
func double(_ number: Double) -> Expr { expr(.double(number)) }
func string(_ text: String) -> Expr { expr(.string(text)) }
func name(_ text: String) -> Expr { expr(.identifier(text)) }
func ms(_ milliseconds: Int) -> Expr { expr(.time(.milliseconds(milliseconds))) }
func binary(_ symbol: String, _ lhs: Expr, _ rhs: Expr) -> Expr { expr(.binary(op: symbol, lhs, rhs)) }
func closure(_ parameters: [String], _ body: Expr) -> Expr { expr(.closure(parameters: parameters, body: body)) }
func stream(_ pipeline: Pipeline) -> Expr { expr(.stream(pipeline)) }
func member(_ base: Expr, _ name: String) -> Expr { expr(.member(base, name: name)) }
func call(_ callee: Expr, _ arguments: Expr...) -> Expr { expr(.call(callee: callee, arguments: arguments)) }

func pipeline(_ source: SourceKind, _ operators: OperatorKind...) -> Pipeline {
  Pipeline(
    source: SourceStage(kind: source, keyword: Name("", range: nowhere), range: nowhere),
    operators: operators.map { OperatorStage(kind: $0, keyword: Name("", range: nowhere), range: nowhere) },
    range: nowhere)
}

func bound(_ text: String) -> SourceKind { .name(Name(text, range: nowhere)) }

func send(_ milliseconds: Int, _ event: TimedSend.Event) -> TimedSend {
  TimedSend(time: ms(milliseconds), event: event, range: nowhere)
}

func subscribe(_ pipeline: Pipeline, at: Int? = nil, cancelAt: Int? = nil) -> Statement {
  .subscription(
    pipeline: pipeline, timing: SubscriptionTiming(subscribeAt: at.map(ms), cancelAt: cancelAt.map(ms)), range: nowhere)
}

func bind(_ text: String, _ pipeline: Pipeline) -> Statement {
  .binding(name: Name(text, range: nowhere), pipeline: pipeline, range: nowhere)
}

func export(_ statements: Statement...) -> SwiftExport {
  SwiftExporter.export(Program(text: "", statements: statements))
}
