// Form: a settings model whose @Published property also has didSet (Q&A answers on ordering)
import Combine

final class Settings {
    @Published var volume: Int = 5 {
        didSet {
            print("didSet: \(oldValue) -> \(volume)")
        }
    }
}

let settings = Settings()
let observer = settings.$volume.sink { newValue in
    print("sink sees \(newValue), property still \(settings.volume)")
}
settings.volume = 7
settings.volume = 3
