// Beacon sitegen: "Åpent nå" / "Stengt nå" from OSM opening hours, in Oslo time.
'use strict';
