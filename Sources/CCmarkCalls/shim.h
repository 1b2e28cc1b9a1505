// libcmark's header, for its option bits and the types of the two functions sitegen calls. The
// library is not linked: BeaconSystem/Libcmark.swift opens it with dlopen the first time an owner's
// text is rendered, and calls it through pointers of these types, so the binary runs without it
// (the text is then shown as plain text). The types are the header's own, so a libcmark whose
// functions changed shape would not compile.
#include <cmark.h>

typedef __typeof__(cmark_markdown_to_html) *beacon_cmark_markdown_to_html_function;
typedef __typeof__(cmark_version_string) *beacon_cmark_version_string_function;
