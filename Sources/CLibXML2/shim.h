#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED          /* Foundation ships its own ICU module; Debian's headers pull in the system one */
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/tree.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
/* Swift 6 rejects the global xmlFree function pointer; call it through this. */
static inline void clibxml2_free(void *p) { xmlFree(p); }
#endif
