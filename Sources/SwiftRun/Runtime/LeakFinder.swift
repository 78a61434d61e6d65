import StreamCore

/// Finds the class instances a paste can no longer reach but that are still
/// alive when its run ends: they keep each other alive in a cycle, as
/// Swift's ARC would leave them (issue 30). Each is named with its cycle in
/// Swift's words (`Clock → cancellable (AnyCancellable) → sink closure →
/// self (Clock)`) and what the cycle keeps running.
///
/// Liveness is the host's own ARC: the interpreter's instances, closures
/// and subscribers are counted as Swift counts them (`ClosureCapture`
/// captures what Swift captures), so an instance still alive at the end is
/// one Swift would still hold. The finder only explains why: it walks what
/// holds what, from the paste's globals (the roots of a script).
struct LeakFinder {
  /// One leaked instance: its cycle, and the subscriptions on it still running.
  struct Leak {
    let typeName: String
    let chain: [String]
    let runningPipelines: [Int]
    /// Whether the cycle goes through a `Task` that has not ended.
    var throughTask = false
  }

  /// Something that holds references: the nodes of the graph, by identity.
  private enum Node {
    case instance(Instance)
    case function(FunctionValue)
    case cancellable(CancellableValue)
    case scope(Scope)
    /// A `Task` not yet ended: it holds its closure, and, while it waits, what its stack holds.
    case task(TaskValue)

    var id: ObjectIdentifier {
      switch self {
      case .instance(let object): ObjectIdentifier(object)
      case .function(let object): ObjectIdentifier(object)
      case .cancellable(let object): ObjectIdentifier(object)
      case .scope(let object): ObjectIdentifier(object)
      case .task(let object): ObjectIdentifier(object)
      }
    }
  }

  private struct Edge {
    let label: String
    let target: Node
  }

  let globals: Scope

  /// The leaks among `instances` (the class instances the run made, weakly
  /// held), in the order they were made; one per cycle.
  /// `reachable` is what `reachable()` gave for the same run.
  func leaks(among instances: [WeakInstance], reachable: Set<ObjectIdentifier>) -> [Leak] {
    let alive = instances.compactMap(\.instance)
    guard !alive.isEmpty else { return [] }
    var reported: Set<ObjectIdentifier> = []
    var leaks: [Leak] = []
    for instance in alive where !reachable.contains(ObjectIdentifier(instance)) {
      guard !reported.contains(ObjectIdentifier(instance)), let cycle = cycle(from: instance) else { continue }
      reported.formUnion(cycle.members)
      leaks.append(
        Leak(
          typeName: instance.type.name, chain: cycle.labels, runningPipelines: cycle.running,
          throughTask: cycle.throughTask))
    }
    return leaks
  }

  /// Everything the globals hold, directly or through what they hold, by identity.
  func reachable() -> Set<ObjectIdentifier> {
    reached(from: edges(ofScope: globals, stoppingAt: nil))
  }

  // MARK: The graph

  private func edges(of node: Node) -> [Edge] {
    switch node {
    case .instance(let instance):
      guard !instance.isStruct else { return [] }
      let declared = Dictionary(
        instance.type.storedProperties.compactMap { property in property.name.map { ($0, property.type) } },
        uniquingKeysWith: { first, _ in first })
      let names = instance.type.storedPropertyOrder + instance.fields.keys.sorted().filter { declared[$0] == nil }
      return names.flatMap { name -> [Edge] in
        guard let variable = instance.fields[name] else { return [] }
        let type = declared[name].flatMap { $0?.description } ?? Self.typeName(of: variable.value)
        return expand(variable.value, label: "\(name) (\(type))")
      }
    case .function(let function):
      switch function.body {
      case .closure(_, let captured), .function(_, let captured): return edges(ofScope: captured, stoppingAt: globals)
      case .builtin: return []
      }
    case .cancellable(let cancellable):
      guard let hold = cancellable.hold, !hold.hasEnded else { return [] }
      return hold.held.flatMap { held in
        // A closure is named by its role; an object by its role and type.
        let typed = held.value.opaque(as: Instance.self) != nil ? " (\(Self.typeName(of: held.value)))" : ""
        return expand(held.value, label: held.label + typed)
      }
    case .scope(let scope):
      return edges(ofScope: scope, stoppingAt: globals)
    case .task(let task):
      guard task.state != .finished else { return [] }
      let closure = task.body.map { [Edge(label: "Task closure", target: .function($0))] } ?? []
      return closure + task.frames.flatMap { edges(ofScope: $0, stoppingAt: globals) }
    }
  }

  /// A scope's variables and strong `self`, and its parents' up to `outermost`.
  private func edges(ofScope scope: Scope, stoppingAt outermost: Scope?) -> [Edge] {
    var edges: [Edge] = []
    var current: Scope? = scope
    while let here = current, here !== outermost {
      if let selfValue = here.selfValue {
        edges += expand(selfValue, label: "self (\(Self.typeName(of: selfValue)))")
      }
      for (name, variable) in here.ownVariables where name != "self" || here.selfValue == nil {
        edges += expand(variable.value, label: "\(name) (\(Self.typeName(of: variable.value)))")
      }
      current = here.parent
    }
    return edges
  }

  /// The nodes a value holds strongly: a class instance, closure or
  /// cancellable itself; a struct's, collection's or optional's contents.
  private func expand(_ value: Value, label: String, depth: Int = 0) -> [Edge] {
    guard depth < 64 else { return [] }
    switch value {
    case .array(let items), .tuple(let items):
      return items.flatMap { expand($0, label: label, depth: depth + 1) }
    case .opaque(let object):
      switch object {
      case let instance as Instance where instance.isStruct:
        return instance.fields.values.flatMap { expand($0.value, label: label, depth: depth + 1) }
      case let instance as Instance: return [Edge(label: label, target: .instance(instance))]
      case let function as FunctionValue: return [Edge(label: label, target: .function(function))]
      case let cancellable as CancellableValue: return [Edge(label: label, target: .cancellable(cancellable))]
      case let task as TaskValue: return [Edge(label: label, target: .task(task))]
      case let optional as OptionalValue: return expand(optional.wrapped, label: label, depth: depth + 1)
      case let tuple as LabelledTuple: return tuple.items.flatMap { expand($0, label: label, depth: depth + 1) }
      case let enumValue as EnumValue:
        return enumValue.associated.flatMap { expand($0, label: label, depth: depth + 1) }
      case let dictionary as DictionaryValue:
        return dictionary.entries.flatMap { expand($0.value, label: label, depth: depth + 1) }
      default: return []  // a weak reference, a publisher recipe, a subject, a scalar
      }
    default:
      return []
    }
  }

  private func reached(from roots: [Edge]) -> Set<ObjectIdentifier> {
    var seen: Set<ObjectIdentifier> = []
    var pending = roots.map(\.target)
    while let node = pending.popLast() {
      guard seen.insert(node.id).inserted else { continue }
      pending += edges(of: node).map(\.target)
    }
    return seen
  }

  /// The shortest way from `instance` back to itself, breadth first.
  private func cycle(from instance: Instance) -> (
    labels: [String], members: Set<ObjectIdentifier>, running: [Int], throughTask: Bool
  )? {
    let start = ObjectIdentifier(instance)
    var cameFrom: [ObjectIdentifier: (previous: ObjectIdentifier, edge: Edge)] = [:]
    var nodes: [ObjectIdentifier: Node] = [start: .instance(instance)]
    var queue = [Node.instance(instance)]
    var head = 0
    while head < queue.count {
      let node = queue[head]
      head += 1
      for edge in edges(of: node) {
        let id = edge.target.id
        if id == start {
          return path(ending: (node.id, edge), start: start, cameFrom: cameFrom, nodes: nodes, instance: instance)
        }
        guard nodes[id] == nil else { continue }
        nodes[id] = edge.target
        cameFrom[id] = (node.id, edge)
        queue.append(edge.target)
      }
    }
    return nil
  }

  private func path(
    ending last: (previous: ObjectIdentifier, edge: Edge), start: ObjectIdentifier,
    cameFrom: [ObjectIdentifier: (previous: ObjectIdentifier, edge: Edge)], nodes: [ObjectIdentifier: Node],
    instance: Instance
  ) -> (labels: [String], members: Set<ObjectIdentifier>, running: [Int], throughTask: Bool) {
    var steps = [last.edge]
    var members: Set<ObjectIdentifier> = [start, last.previous]
    var current = last.previous
    while current != start, let step = cameFrom[current] {
      steps.append(step.edge)
      current = step.previous
      members.insert(current)
    }
    steps.reverse()
    let running = members.compactMap { id -> Int? in
      guard case .cancellable(let cancellable)? = nodes[id], let hold = cancellable.hold, !hold.hasEnded else {
        return nil
      }
      return hold.pipeline
    }
    let throughTask = members.contains { id in
      if case .task? = nodes[id] { return true }
      return false
    }
    return ([instance.type.name] + steps.map(\.label), members, running.sorted(), throughTask)
  }

  private static func typeName(of value: Value) -> String {
    if case .opaque(let object) = value {
      if let optional = object as? OptionalValue { return typeName(of: optional.wrapped) + "?" }
      if object is FunctionValue { return "closure" }
      return object.typeName
    }
    return value.typeName
  }
}
