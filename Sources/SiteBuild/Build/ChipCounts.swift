import BeaconModel
import BeaconSite

extension Guide {
    /// The places within the guide's radius, all (nil) and in each category: the counts on the
    /// explorer's chips. The lists are nearest first, so each count is found by halving.
    var chipCounts: [PlaceCategory?: Int] {
        let radius = Double(settings.radiusKm) * 1000
        func within(_ places: ArraySlice<GuidePlace>) -> Int {
            var low = places.startIndex
            var high = places.endIndex
            while low < high {
                let middle = (low + high) / 2
                if places[middle].wholeMetres > radius { high = middle } else { low = middle + 1 }
            }
            return low - places.startIndex
        }
        var counts: [PlaceCategory?: Int] = [nil: within(places)]
        for category in categories { counts[category] = within(self.places(in: category)[...]) }
        return counts
    }
}
