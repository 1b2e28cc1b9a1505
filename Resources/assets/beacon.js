// Beacon sitegen: the list page's script (search, filters, sort, "Finn nærmeste meg", map).
// Plain modern JavaScript, no build step, no requests to other hosts.
'use strict';
