// Form: observing a system notification with NotificationCenter's publisher (UIKit keyboard-handling articles)
// Oracle: refused: NotificationCenter delivers system notifications that do not exist here; send through a PassthroughSubject instead
import Combine
import Foundation

let cancellable = NotificationCenter.default
    .publisher(for: Notification.Name("keyboardWillShow"))
    .map { _ in true }
    .sink { print("keyboard visible: \($0)") }

NotificationCenter.default.post(name: Notification.Name("keyboardWillShow"), object: nil)
