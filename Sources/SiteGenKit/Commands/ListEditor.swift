import BeaconHTML
import BeaconModel
import BeaconSite
import BeaconSystem
import BeaconText

/// The actions of `sitegen list` on one of the owner's own lists: each checks everything first,
/// then changes the store under its lock, or changes nothing and says why.
struct ListEditor {
    let context: CommandContext
    let command: String

    func make(_ name: String, description: String?, order: SavedList.Order?) throws {
        let list = try context.site.updateStore {
            try $0.makeList(
                named: name, description: description.flatMap(Self.text), order: order ?? .manual)
        }
        say(
            "Listen «\(list.name)» er laget. Legg til steder med «sitegen list add \(ShellWord.quoted(list.name)) STED»."
        )
    }

    func show(_ name: String) async throws {
        let known = try await KnownPlaces.load(context)
        let index = try known.store.listIndex(named: name)
        let list = known.guide.savedLists[index]
        var lines = [
            "«\(list.name)» · "
                + NorwegianFormat.count(
                    known.store.lists[index].places.count, singular: "sted", plural: "steder")
                + " · " + Self.orderName(list.order)
        ]
        if let description = list.description {
            lines.append(
                TerminalText.truncate(HTMLSanitizer.plainText(description), toColumns: 100))
        }
        context.console.output(lines.joined(separator: "\n"))
        if !list.places.isEmpty {
            context.console.output(
                PlaceTable.render(
                    list.places,
                    status: { place in
                        list.notes[place.id].map {
                            TerminalText.truncate(HTMLSanitizer.plainText($0), toColumns: 40)
                        }
                    }, statusHeader: "Notat"))
        }
        if list.missingCount > 0 {
            context.console.output(
                NorwegianFormat.count(list.missingCount, singular: "sted", plural: "steder")
                    + " i listen er ikke i guiden nå.")
        }
    }

    func delete(_ name: String) throws {
        let list = try context.site.updateStore { try $0.deleteList(named: name) }
        say(
            "Listen «\(list.name)» (\(NorwegianFormat.count(list.places.count, singular: "sted", plural: "steder"))) er slettet; stedene er fortsatt i guiden."
        )
    }

    func rename(_ name: String, to new: String) throws {
        if FavoritesList.isNamed(new) {
            throw ListEditError.duplicateName(FavoritesList.name)
        }
        let (old, renamed) = try context.site.updateStore { store in
            let index = try store.listIndex(named: name)
            let old = store.lists[index].name
            try store.renameList(name, to: new)
            return (old, store.lists[index].name)
        }
        say("«\(old)» heter nå «\(renamed)».")
    }

    func describe(_ name: String, _ text: String) throws {
        let list = try context.site.updateStore { store in
            try store.describeList(name, Self.text(text))
            return store.lists[try store.listIndex(named: name)]
        }
        say(
            list.description == nil
                ? "«\(list.name)» har ingen beskrivelse nå."
                : "Beskrivelsen av «\(list.name)» er lagret.")
    }

    func order(_ name: String, _ order: SavedList.Order) throws {
        let list = try context.site.updateStore { store in
            try store.orderList(name, by: order)
            return store.lists[try store.listIndex(named: name)]
        }
        say("«\(list.name)» vises nå \(Self.orderName(order)).")
    }

    func add(_ words: [String], to name: String, at position: Int?, note: String?) async throws {
        guard words.count <= SavedList.maximumPlaces else {
            throw ListEditError.tooManyPlaces(words.count)
        }
        let known = try await KnownPlaces.load(context)
        _ = try known.store.listIndex(named: name)
        let places = try words.map { try known.resolve($0) }
        let note = note.flatMap(Self.text)
        let list = try context.site.updateStore { store in
            try store.addToList(name, places.map { ($0.id, $0.name) }, at: position)
            if let note {
                for place in places {
                    try store.noteInList(name, place.id, placeName: place.name, note)
                }
            }
            return store.lists[try store.listIndex(named: name)]
        }
        let total = NorwegianFormat.count(list.places.count, singular: "sted", plural: "steder")
        if places.count == 1, let place = places.first,
            let at = list.places.firstIndex(of: place.id)
        {
            say(
                "\(place.name) er lagt til i «\(list.name)», som nr. \(at + 1) av \(list.places.count)."
            )
        } else {
            say(
                "\(NorwegianFormat.count(places.count, singular: "sted", plural: "steder")) er lagt til i «\(list.name)», som nå har \(total)."
            )
        }
    }

    func remove(_ word: String, from name: String) async throws {
        let (id, placeName) = try await member(word, of: name)
        let list = try context.site.updateStore { store in
            try store.removeFromList(name, id, placeName: placeName)
            return store.lists[try store.listIndex(named: name)]
        }
        say("\(placeName) er fjernet fra «\(list.name)».")
    }

    func move(_ word: String, in name: String, to position: Int) async throws {
        let (id, placeName) = try await member(word, of: name)
        let list = try context.site.updateStore { store in
            try store.moveInList(name, id, placeName: placeName, to: position)
            return store.lists[try store.listIndex(named: name)]
        }
        let manual =
            list.order == .manual
            ? ""
            : " (siden viser den \(Self.orderName(list.order)); «sitegen list order \(ShellWord.quoted(list.name)) manual» viser din)"
        say("\(placeName) er nr. \(position) i «\(list.name)».\(manual)")
    }

    func note(_ word: String, in name: String, _ text: String) async throws {
        let (id, placeName) = try await member(word, of: name)
        let note = Self.text(text)
        let list = try context.site.updateStore { store in
            try store.noteInList(name, id, placeName: placeName, note)
            return store.lists[try store.listIndex(named: name)]
        }
        say(
            note == nil
                ? "Notatet om \(placeName) i «\(list.name)» er fjernet."
                : "Notatet om \(placeName) i «\(list.name)» er lagret.")
    }

    /// A place of the list: found by name among the guide's places, or by its id when the guide no
    /// longer has it (a list keeps a place that fell out of the radius).
    private func member(_ word: String, of name: String) async throws -> (PlaceID, String) {
        let store = try context.site.loadStore()
        let list = store.lists[try store.listIndex(named: name)]
        if list.places.contains(PlaceID(rawValue: word)) { return (PlaceID(rawValue: word), word) }
        let place = try await KnownPlaces.load(context).resolve(word)
        return (place.id, place.name)
    }

    private func say(_ line: String) { context.console.output(line) }

    /// The owner's text, nil when empty (an empty text clears).
    static func text(_ raw: String) -> String? {
        TextHardening.clean(raw, maximumLength: TextHardening.Limit.comment)
    }

    /// «i din rekkefølge», «nærmest først», «best vurdert først».
    static func orderName(_ order: SavedList.Order) -> String {
        switch order {
        case .manual: "i din rekkefølge"
        case .nearest: "nærmest sentrum først"
        case .rating: "best vurdert først"
        }
    }
}
