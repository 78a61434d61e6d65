import Foundation

/// The page's files, compiled into the binary by SwiftPM's `embedInCode`, by
/// the path they are served at.
enum PageFiles {
  static let byPath: [String: WebResponse] = [
    "/": file(PackageResources.index_html, type: "text/html; charset=utf-8"),
    "/index.html": file(PackageResources.index_html, type: "text/html; charset=utf-8"),
    "/page.css": file(PackageResources.page_css, type: "text/css; charset=utf-8"),
    "/page.js": file(PackageResources.page_js, type: "text/javascript; charset=utf-8"),
  ]

  private static func file(_ bytes: [UInt8], type: String) -> WebResponse {
    WebResponse(status: 200, contentType: type, body: Data(bytes))
  }
}
