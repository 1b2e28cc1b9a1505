// Calls into libvips through function pointers that Swift found with dlsym: sitegen opens libvips
// only when a guide has photos (linked, it and its ~80 libraries would load at every command's
// start, and a guide without photos would need them installed). libvips's operations are variadic:
// optional arguments follow as name/value pairs and the list ends with NULL. Swift cannot make a
// variadic call, so these fixed-type trampolines make it in C. No libvips header is needed: images
// are `void *`, enums are ints whose numbers are libvips's stable ABI (they live in Swift,
// BeaconSystem/Vips.swift). A NULL name ends the list early, so unused pairs may be passed as
// NULL, 0; libvips reads no further than the first NULL name.
#include <stddef.h>

typedef void *(*beacon_vips_new_from_buffer_function)(const void *buffer, size_t length, const char *options, ...);
typedef int (*beacon_vips_thumbnail_buffer_function)(const void *buffer, size_t length, void **out, int width, ...);
typedef int (*beacon_vips_thumbnail_image_function)(void *in, void **out, int width, ...);
typedef int (*beacon_vips_image_function)(void *in, void **out, ...);
typedef int (*beacon_vips_image_int_function)(void *in, void **out, int value, ...);
typedef int (*beacon_vips_image_string_function)(void *in, void **out, const char *value, ...);
typedef int (*beacon_vips_save_buffer_function)(void *in, void **buffer, size_t *length, ...);

/// vips_image_new_from_buffer: the loader's options, then one int option (e.g. "access").
static inline void *beacon_vips_image_new_from_buffer(
    void *function, const void *buffer, size_t length, const char *options, const char *name, int value) {
    return ((beacon_vips_new_from_buffer_function)function)(buffer, length, options, name, value, NULL);
}

/// vips_thumbnail_buffer: two int options ("height", "size"), then two string options ("export_profile",
/// "option_string": the loader's own options).
static inline int beacon_vips_thumbnail_buffer(
    void *function, const void *buffer, size_t length, void **out, int width, const char *int_name1,
    int int_value1, const char *int_name2, int int_value2, const char *string_name1, const char *string_value1,
    const char *string_name2, const char *string_value2) {
    return ((beacon_vips_thumbnail_buffer_function)function)(
        buffer, length, out, width, int_name1, int_value1, int_name2, int_value2, string_name1, string_value1,
        string_name2, string_value2, NULL);
}

/// vips_thumbnail_image: two int options ("height", "size").
static inline int beacon_vips_thumbnail_image(
    void *function, void *in, void **out, int width, const char *name1, int value1, const char *name2, int value2) {
    return ((beacon_vips_thumbnail_image_function)function)(in, out, width, name1, value1, name2, value2, NULL);
}

/// An operation of one image in and one out with two int options (vips_copy: "interpretation").
static inline int beacon_vips_image_ints(
    void *function, void *in, void **out, const char *name1, int value1, const char *name2, int value2) {
    return ((beacon_vips_image_function)function)(in, out, name1, value1, name2, value2, NULL);
}

/// An operation of one image in and one out with one pointer option (vips_flatten: "background", a
/// VipsArrayDouble).
static inline int beacon_vips_image_pointer(void *function, void *in, void **out, const char *name, void *value) {
    return ((beacon_vips_image_function)function)(in, out, name, value, NULL);
}

/// An operation of one image in and one out with a required int argument (vips_colourspace, vips_cast).
static inline int beacon_vips_image_int(void *function, void *in, void **out, int value) {
    return ((beacon_vips_image_int_function)function)(in, out, value, NULL);
}

/// An operation of one image in and one out with a required string argument (vips_icc_transform).
static inline int beacon_vips_image_string(void *function, void *in, void **out, const char *value) {
    return ((beacon_vips_image_string_function)function)(in, out, value, NULL);
}

/// A saver to memory (vips_jpegsave_buffer, vips_webpsave_buffer, …): up to four int options.
static inline int beacon_vips_save_buffer(
    void *function, void *in, void **buffer, size_t *length, const char *name1, int value1, const char *name2,
    int value2, const char *name3, int value3, const char *name4, int value4) {
    return ((beacon_vips_save_buffer_function)function)(
        in, buffer, length, name1, value1, name2, value2, name3, value3, name4, value4, NULL);
}
