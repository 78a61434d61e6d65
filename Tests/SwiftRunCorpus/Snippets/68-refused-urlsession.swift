// Form: the dataTaskPublisher + decode pipeline found in almost every networking tutorial
// Oracle: refused: URLSession performs real network I/O; use a Just or Future with a delay in its place
import Combine
import Foundation

struct Post: Decodable {
    let id: Int
    let title: String
}

let url = URL(string: "https://example.com/posts")!
let cancellable = URLSession.shared.dataTaskPublisher(for: url)
    .map(\.data)
    .decode(type: [Post].self, decoder: JSONDecoder())
    .replaceError(with: [])
    .receive(on: DispatchQueue.main)
    .sink { posts in print("loaded \(posts.count) posts") }
