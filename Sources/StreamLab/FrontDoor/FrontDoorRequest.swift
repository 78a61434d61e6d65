import StreamCore
import StreamLang

/// What a person typed, with everything that decides how it is read, run
/// and shown: one input to `FrontDoor.evaluate`.
public struct FrontDoorRequest {
  /// The program as typed: the pipeline language or Swift.
  public var text: String
  public var language: InputLanguage
  /// The file the text came from, named in rendered diagnostics; nil for typed text.
  public var fileName: String?
  public var format: OutputFormat
  /// Width, colour, scale, inner rows and types of the drawing.
  public var settings: ReplSettings
  /// Horizon, event budget and the run's interruption.
  public var options: RunOptions
  /// Ctrl-C while a text diagram is drawn: given, the drawing runs where
  /// Ctrl-C can walk away from it (the playground, a terminal); nil draws in place.
  public var drawing: InterruptibleDrawing?

  public init(
    _ text: String, language: InputLanguage = .detect, fileName: String? = nil, format: OutputFormat = .text,
    settings: ReplSettings = ReplSettings(), options: RunOptions = RunOptions(), drawing: InterruptibleDrawing? = nil
  ) {
    self.text = text
    self.language = language
    self.fileName = fileName
    self.format = format
    self.settings = settings
    self.options = options
    self.drawing = drawing
  }
}
