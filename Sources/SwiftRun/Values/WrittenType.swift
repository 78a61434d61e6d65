import SwiftImport

/// A type as the paste wrote it: SwiftImport's `SwiftType`, named apart from
/// StreamLang's type of the same name (this file imports only SwiftImport).
typealias WrittenType = SwiftType
