import BeaconModel
import BeaconSystem
import Glibc

/// The originals of the owner's photos in the site folder's `photos/`, kept in step with the store:
/// a file is there while some place names it. Like the store, they go into git with the site, so
/// `photos/` is one of the folder's fixed parts (`fixedParts`): a link out of the site is refused.
extension SiteFolder {
    /// Where a photo's original lies (`photo.file` is always `photos/…`, checked when the store is
    /// read).
    package func path(of photo: PlacePhoto) -> String { root + "/" + photo.file }

    /// The size of a photo's original; nil when `photos/` has no regular file of that name (deleted
    /// by hand, or a symbolic link, which is not followed).
    package func originalSize(of photo: PlacePhoto) -> Int? {
        guard let info = FileSystem.status(path(of: photo), followingLinks: false),
            info.isRegularFile
        else {
            return nil
        }
        return Int(info.size)
    }

    /// `updateStoreIfChanged` with the originals kept in step, all under the site lock. `change`
    /// edits the store; then the `adding` originals the changed store names and `photos/` lacks are
    /// copied in (atomically, synced) before the store is written, and the originals the store no
    /// longer names are deleted after it is written: a crash in between leaves a file no place
    /// names, never a place naming a file that is not there. Nothing is written when reading the
    /// store or `change` fails.
    package func updatePhotos<T>(
        adding originals: [PhotoOriginal] = [], _ change: (inout GuideStore) throws -> T
    )
        throws -> T
    {
        try FileLock.withLock(at: lockPath) {
            var store = try loadStore()
            let before = store.encodedBytes
            let namedBefore = store.photoFiles
            let result = try change(&store)
            let named = store.photoFiles
            let copies = originals.filter { named.contains($0.file) }
            let gone = namedBefore.subtracting(named)
            if !copies.isEmpty || !gone.isEmpty { try checkInside(photosPath) }
            var copied = Set<String>()
            for original in copies where !copied.contains(original.file) && !holds(original) {
                try copyIn(original)
                copied.insert(original.file)
            }
            if store.encodedBytes != before { try saveStore(store) }
            for file in gone.sorted() { FileSystem.removeFile(root + "/" + file) }
            if !gone.isEmpty { FileSystem.syncDirectory(photosPath) }
            return result
        }
    }

    /// Whether `photos/` already has the original: a regular file of its name and size (the name is
    /// its content's hash, and every copy is written whole or not at all).
    private func holds(_ original: PhotoOriginal) -> Bool {
        originalSize(of: PlacePhoto(file: original.file)) == original.size
    }

    private func copyIn(_ original: PhotoOriginal) throws {
        let target = root + "/" + original.file
        try createFolder(photosPath)
        try checkInside(target)
        let bytes = try original.bytesAgain()
        // A symbolic link of the name is replaced, not written through.
        try FileSystem.writeAtomically(to: target, followingSymlinks: false) {
            (fd) throws(FileError) in
            try FileSystem.writeAll(fd: fd, bytes: bytes, path: target)
        }
    }
}
