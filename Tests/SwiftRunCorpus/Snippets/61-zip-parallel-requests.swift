// Form: zip waiting for two parallel requests before showing a screen, with a typed tuple closure (app code)
import Combine

struct Profile { let name: String }
struct Settings { let theme: String }

let profile = Just(Profile(name: "Noor"))
    .delay(for: .milliseconds(300), scheduler: DispatchQueue.main)
let settings = Just(Settings(theme: "dark"))
    .delay(for: .milliseconds(100), scheduler: DispatchQueue.main)

let cancellable = profile.zip(settings)
    .sink { (profile: Profile, settings: Settings) in
        print("welcome \(profile.name), theme \(settings.theme)")
    }
