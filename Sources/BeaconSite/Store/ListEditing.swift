import BeaconModel
import BeaconSystem
import BeaconText

/// Why a change to the owner's lists was refused; the store is then left as it was.
package enum ListEditError: UserFacingError, Equatable {
    case emptyName
    case nameTooLong(Int)
    case duplicateName(String)
    case unknownList(String, known: [String])
    case full(String)
    case alreadyInList(place: String, list: String)
    case notInList(place: String, list: String)
    case badPosition(Int, last: Int)
    case tooManyPlaces(Int)

    package var userMessage: String {
        switch self {
        case .emptyName: return "en liste må ha et navn"
        case .nameTooLong(let count):
            return
                "et listenavn kan ha høyst \(SavedList.maximumNameLength) tegn (dette har \(count))"
        case .duplicateName(let name): return "det finnes allerede en liste som heter «\(name)»"
        case .unknownList(let name, let known):
            let hint =
                known.isEmpty
                ? "Du har ingen lister ennå; lag en med «sitegen list new NAVN»."
                : "Listene er: " + known.map { "«\($0)»" }.joined(separator: ", ") + "."
            return "ingen liste heter «\(name)». \(hint)"
        case .full(let name):
            return
                "«\(name)» har allerede \(SavedList.maximumPlaces) steder, det meste en liste kan ha"
        case .alreadyInList(let place, let list): return "\(place) er allerede i «\(list)»"
        case .notInList(let place, let list): return "\(place) er ikke i «\(list)»"
        case .badPosition(let position, let last):
            return "plass \(position) finnes ikke: velg en plass fra 1 til \(last)"
        case .tooManyPlaces(let count):
            return
                "\(count) steder er flere enn en liste kan ha (høyst \(SavedList.maximumPlaces))"
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .unknownList, .notInList: return .dataError
        default: return .usage
        }
    }
}

/// The owner's changes to their lists, each checked whole before anything changes.
extension GuideStore {
    /// A name as a list keeps it: cleaned as every text from outside; refused when empty or long.
    package static func listName(_ raw: String) throws(ListEditError) -> String {
        guard let name = TextHardening.clean(raw, maximumLength: Int.max) else {
            throw .emptyName
        }
        guard name.count <= SavedList.maximumNameLength else { throw .nameTooLong(name.count) }
        return name
    }

    /// The index of the list named `name`, or the refusal naming the lists there are.
    package func listIndex(named name: String) throws(ListEditError) -> Int {
        guard let index = lists.firstIndex(where: { $0.isNamed(name) }) else {
            throw .unknownList(name, known: lists.map(\.name))
        }
        return index
    }

    /// Makes an empty list named `name` (last among the lists).
    package mutating func makeList(
        named raw: String, description: String? = nil, order: SavedList.Order = .manual
    ) throws(ListEditError) -> SavedList {
        let name = try Self.listName(raw)
        if let existing = list(named: name) { throw .duplicateName(existing.name) }
        let list = SavedList(name: name, description: description, order: order)
        lists.append(list)
        return list
    }

    package mutating func renameList(_ old: String, to new: String) throws(ListEditError) {
        let index = try listIndex(named: old)
        let name = try Self.listName(new)
        if let other = lists.firstIndex(where: { $0.isNamed(name) }), other != index {
            throw .duplicateName(lists[other].name)
        }
        lists[index].name = name
    }

    /// Removes the list; its places stay in the guide and in any other list.
    @discardableResult
    package mutating func deleteList(named name: String) throws(ListEditError) -> SavedList {
        lists.remove(at: try listIndex(named: name))
    }

    /// Sets (or, with nil, removes) the list's description.
    package mutating func describeList(_ name: String, _ text: String?) throws(ListEditError) {
        let index = try listIndex(named: name)
        lists[index].description = text.flatMap {
            TextHardening.clean($0, maximumLength: TextHardening.Limit.comment)
        }
    }

    package mutating func orderList(_ name: String, by order: SavedList.Order)
        throws(ListEditError)
    {
        lists[try listIndex(named: name)].order = order
    }

    /// Adds the places to the list, in their order, after the ones it holds (or at `position`,
    /// 1 first); a place already there is refused, as is a list past its size.
    package mutating func addToList(
        _ name: String, _ ids: [(id: PlaceID, name: String)], at position: Int? = nil
    ) throws(ListEditError) {
        let index = try listIndex(named: name)
        var list = lists[index]
        for (id, placeName) in ids where list.places.contains(id) {
            throw .alreadyInList(place: placeName, list: list.name)
        }
        guard Set(ids.map(\.id)).count == ids.count else {
            throw .alreadyInList(place: ids.first!.name, list: list.name)
        }
        guard list.places.count + ids.count <= SavedList.maximumPlaces else {
            throw list.places.isEmpty ? .tooManyPlaces(ids.count) : .full(list.name)
        }
        let at = position.map { $0 - 1 } ?? list.places.count
        guard (0...list.places.count).contains(at) else {
            throw .badPosition(at + 1, last: list.places.count + 1)
        }
        list.places.insert(contentsOf: ids.map(\.id), at: at)
        lists[index] = list
    }

    package mutating func removeFromList(_ name: String, _ id: PlaceID, placeName: String)
        throws(ListEditError)
    {
        let index = try listIndex(named: name)
        guard let at = lists[index].places.firstIndex(of: id) else {
            throw .notInList(place: placeName, list: lists[index].name)
        }
        lists[index].places.remove(at: at)
        lists[index].notes[id] = nil
    }

    /// Moves the place to `position` (1 first) in the list's own order.
    package mutating func moveInList(
        _ name: String, _ id: PlaceID, placeName: String, to position: Int
    ) throws(ListEditError) {
        let index = try listIndex(named: name)
        var places = lists[index].places
        guard let from = places.firstIndex(of: id) else {
            throw .notInList(place: placeName, list: lists[index].name)
        }
        guard (1...places.count).contains(position) else {
            throw .badPosition(position, last: places.count)
        }
        places.remove(at: from)
        places.insert(id, at: position - 1)
        lists[index].places = places
    }

    /// Sets (or, with nil, removes) the list's note on a place it holds.
    package mutating func noteInList(
        _ name: String, _ id: PlaceID, placeName: String, _ text: String?
    ) throws(ListEditError) {
        let index = try listIndex(named: name)
        guard lists[index].places.contains(id) else {
            throw .notInList(place: placeName, list: lists[index].name)
        }
        lists[index].notes[id] = text.flatMap {
            TextHardening.clean($0, maximumLength: TextHardening.Limit.comment)
        }
    }
}
