// Generated from Snippets/58-service-protocol-mock.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private protocol WeatherService {
    func temperature(in city: String) -> AnyPublisher<Int, Error>
}

private struct MockWeatherService: WeatherService {
    let readings: [String: Int]

    func temperature(in city: String) -> AnyPublisher<Int, Error> {
        guard let reading = readings[city] else {
            return Fail(error: LookupError(city: city)).eraseToAnyPublisher()
        }
        return Just(reading)
            .setFailureType(to: Error.self)
            .delay(for: .milliseconds(150), scheduler: DispatchQueue.main)
            .eraseToAnyPublisher()
    }
}

private struct LookupError: Error {
    let city: String
}

private final class WeatherViewModel: ObservableObject {
    @Published var text = "–"
    @Published var isLoading = false
    private let service: WeatherService
    private var cancellables = Set<AnyCancellable>()

    init(service: WeatherService) {
        self.service = service
    }

    func load(_ city: String) {
        isLoading = true
        service.temperature(in: city)
            .sink(receiveCompletion: { [weak self] completion in
                self?.isLoading = false
                if case .failure(let error as LookupError) = completion {
                    self?.text = "unknown city \(error.city)"
                }
            }, receiveValue: { [weak self] degrees in
                self?.text = "\(city): \(degrees)°"
            })
            .store(in: &cancellables)
    }
}

@MainActor func snippet58ServiceProtocolMock() {
  // Form: a view model depending on a service protocol with a mock returning a delayed publisher (MVVM + DI articles)





  let weather = WeatherViewModel(service: MockWeatherService(readings: ["Oslo": 4, "Rome": 19]))
  var bag = Set<AnyCancellable>()
  weather.$text.sink { print("text: \($0)") }.store(in: &bag)
  weather.$isLoading.removeDuplicates().sink { print("loading: \($0)") }.store(in: &bag)

  weather.load("Oslo")
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(500)) {
      weather.load("Lima")
  }
  OracleClock.shared.run()
  withExtendedLifetime((weather, bag)) { OracleLog.shared.close() }
}
