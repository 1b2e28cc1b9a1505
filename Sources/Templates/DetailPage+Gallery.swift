import BeaconHTML
import BeaconSite

extension DetailPage {
    /// The owner's photos at the top of the page. One is a figure; several are a gallery: a row
    /// that is swiped on a phone and scrolled by the arrow keys once focused, each photo with «2 /
    /// 3» on it, and the previous and next buttons that `beacon-gallery.js` shows (without script
    /// the row still scrolls).
    static func gallery(
        _ b: inout HTMLBuffer, _ photos: [ShownPhoto], placeName: String, root: String, _ t: Strings
    ) {
        guard let lead = photos.first else { return }
        guard photos.count > 1 else {
            PhotoMarkup.figure(
                &b, lead, placeName: placeName, root: root, sizes: PhotoMarkup.detailSizes,
                isLead: true, t,
                className: "place-photo")
            return
        }
        b.element(
            "section",
            ["class": "gallery", "aria-label": t.photosOf(placeName), "data-gallery": ""]
        ) { b in
            b.element("ul", ["class": "gallery__track", "tabindex": "0"]) { b in
                for (index, photo) in photos.enumerated() {
                    b.element("li", ["class": "gallery__slide", "id": "photo-\(index + 1)"]) { b in
                        PhotoMarkup.figure(
                            &b, photo, placeName: placeName, root: root,
                            sizes: PhotoMarkup.detailSizes,
                            isLead: index == 0, t, className: "place-photo")
                        b.element("p", class: "gallery__count") { b in
                            b.element(
                                "span", ["aria-hidden": "true"],
                                text: "\(index + 1) / \(photos.count)")
                            b.element(
                                "span", class: "visually-hidden",
                                text: t.photoNumber(index + 1, photos.count))
                        }
                    }
                }
            }
            for (direction, label, icon) in [
                ("previous", t.previousPhoto, Icon.back), ("next", t.nextPhoto, .forward),
            ] {
                b.element(
                    "button",
                    [
                        "class": "gallery__button gallery__button--\(direction)", "type": "button",
                        "hidden": "",
                        "aria-label": label,
                    ]
                ) { $0.icon(icon) }
            }
        }
        b.newline()
    }
}
