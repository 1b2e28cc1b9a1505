#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED          /* Foundation ships its own ICU module; Debian's headers pull in the system one */
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/tree.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlreader.h>
#include <libxml/globals.h>
/* Swift 6 rejects the global xmlFree function pointer; call it through this. */
static inline void clibxml2_free(void *p) { xmlFree(p); }

/* A few errors (an encoder's, "xmlParseChunk: encoder error") go to the generic handler, which prints on
   stderr. Its type is variadic, which Swift cannot write or hold, so it is swapped here: off returns the
   thread's handler and its context (as plain pointers) for restore to put back. */
static inline void clibxml2_ignore_generic(void *ctx, const char *msg, ...) { (void)ctx; (void)msg; }
static inline void *clibxml2_generic_errors_off(void **savedContext) {
    void *saved = (void *)*__xmlGenericError();
    *savedContext = *__xmlGenericErrorContext();
    xmlSetGenericErrorFunc(NULL, clibxml2_ignore_generic);
    return saved;
}
static inline void clibxml2_generic_errors_restore(void *saved, void *savedContext) {
    xmlSetGenericErrorFunc(savedContext, (xmlGenericErrorFunc)saved);
}
#endif
