import BeaconSystem

/// Codable's encoding into a `JSONValue` whose objects keep their members in the order
/// `encode(to:)` gives them, for the owner's files: `JSONWriter` then writes them byte for byte as
/// they always were (owners diff and commit them; an upgrade must not rewrite them). `JSONEncoder`
/// cannot: it keeps an object's members in a dictionary, whose order changes from one process to
/// the next, and its pretty form is `"a" : 1`.
enum JSONValueEncoder {
    /// An owner's file as it is saved.
    static func fileBytes(_ value: some Encodable) -> [UInt8] {
        var bytes: [UInt8] = []
        JSONWriter().write(encode(value), into: &bytes)
        return bytes
    }

    /// Never fails for the owner's types, whose `encode(to:)` throw only what the encoder throws
    /// (nothing); one that threw would be a mistake in this program, and stops it rather than write
    /// half a file.
    static func encode(_ value: some Encodable) -> JSONValue {
        do { return try Node.json(of: value) } catch { preconditionFailure("\(error)") }
    }
}

/// A value being built: an object or a list stays open while its members are encoded into it. A
/// member that is a number, a text or a truth value is kept as its `JSONValue` (most are: a node
/// each would double the work of writing a store of thousands of ratings).
private final class Node: Encoder {
    enum Member {
        case value(JSONValue)
        case node(Node)

        var json: JSONValue {
            switch self {
            case .value(let value): value
            case .node(let node): node.json
            }
        }
    }

    var value: JSONValue?
    var members: [(key: String, member: Member)]?
    var items: [Member]?
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// What `encode(to:)` wrote; nothing at all is an empty object, as with `JSONEncoder`.
    var json: JSONValue {
        if let items { return .array(items.map(\.json)) }
        return value ?? .object((members ?? []).map { ($0.key, $0.member.json) })
    }

    /// Numbers, texts and truth values are taken here: their own `encode(to:)` would come back
    /// through a single-value container to this same call.
    static func member<T: Encodable>(_ value: T) throws -> Member {
        switch value {
        case let text as String: return .value(.string(text))
        case let flag as Bool: return .value(.bool(flag))
        case let number as Double: return .value(.number(number))
        case let number as any BinaryInteger: return .value(.number(Double(number)))
        default:
            let node = Node()
            try value.encode(to: node)
            return .node(node)
        }
    }

    static func json<T: Encodable>(of value: T) throws -> JSONValue { try member(value).json }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if members == nil { members = [] }
        return KeyedEncodingContainer(Keyed(node: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if items == nil { items = [] }
        return Unkeyed(node: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(node: self) }

    /// Adds `member` under `key`, or as the next item where there is no key.
    func append(_ key: (any CodingKey)?, _ member: Member) {
        if let key { members?.append((key.stringValue, member)) } else { items?.append(member) }
    }

    /// A new node as a member, for a nested container or a super encoder.
    func child(_ key: (any CodingKey)?) -> Node {
        let node = Node()
        append(key, .node(node))
        return node
    }
}

private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) { node.append(key, .value(.null)) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        node.append(key, try Node.member(value))
    }
    mutating func nestedContainer<Nested: CodingKey>(
        keyedBy type: Nested.Type, forKey key: Key
    ) -> KeyedEncodingContainer<Nested> { node.child(key).container(keyedBy: type) }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        node.child(key).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { node.child(JSONKey("super")) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { node.child(key) }
}

private struct Unkeyed: UnkeyedEncodingContainer {
    let node: Node
    var codingPath: [any CodingKey] { [] }
    var count: Int { node.items?.count ?? 0 }

    mutating func encodeNil() { node.append(nil, .value(.null)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        node.append(nil, try Node.member(value))
    }
    mutating func nestedContainer<Nested: CodingKey>(keyedBy type: Nested.Type)
        -> KeyedEncodingContainer<Nested>
    {
        node.child(nil).container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        node.child(nil).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { node.child(nil) }
}

private struct Single: SingleValueEncodingContainer {
    let node: Node
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() { node.value = .null }
    mutating func encode<T: Encodable>(_ value: T) throws {
        switch try Node.member(value) {
        case .value(let value): node.value = value
        case .node(let inner):
            (node.value, node.members, node.items) = (inner.value, inner.members, inner.items)
        }
    }
}
