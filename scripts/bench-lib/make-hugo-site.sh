#!/usr/bin/env bash
# Usage: make-hugo-site.sh PLACES.json SITE
# Writes the Hugo site equivalent to sitegen's output for the places file (a list page of all places,
# one detail page per place, one CSS file) into SITE: config, layouts and stylesheet are those of the
# reference Hugo benchmark (../shared/bench/hugo-site.sh), content from places-to-content.py.
# This is set-up for scripts/bench and is not timed.
set -euo pipefail
DATA=${1:?usage: make-hugo-site.sh PLACES.json SITE}
SITE=${2:?usage: make-hugo-site.sh PLACES.json SITE}
HERE=$(cd "$(dirname "$0")" && pwd)
rm -rf "$SITE"
mkdir -p "$SITE"/{content/steder,layouts/_default,static}
cat > "$SITE/hugo.toml" <<'EOF'
baseURL = "https://example.org/"
languageCode = "nb-NO"
title = "Steder i Oslo"
disableKinds = ["taxonomy", "term", "section", "RSS", "sitemap", "robotsTXT", "404"]
[outputs]
  home = ["HTML"]
  page = ["HTML"]
EOF
cat > "$SITE/layouts/_default/baseof.html" <<'EOF'
<!DOCTYPE html>
<html lang="{{ site.LanguageCode }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ block "title" . }}{{ site.Title }}{{ end }}</title>
{{ block "meta" . }}{{ end }}
<link rel="stylesheet" href="{{ "style.css" | relURL }}">
</head>
<body>
<header class="site-header"><a href="{{ "/" | relURL }}">{{ site.Title }}</a></header>
<main>
{{ block "main" . }}{{ end }}
</main>
<footer class="site-footer">Data © OpenStreetMap contributors · Powered by Geoapify</footer>
</body>
</html>
EOF
cat > "$SITE/layouts/index.html" <<'EOF'
{{ define "main" }}
{{ $labels := dict "catering.restaurant" "Restaurant" "catering.cafe" "Kafé" "accommodation.hotel" "Hotell" }}
{{ $places := (where site.RegularPages "Section" "steder").ByParam "distance" }}
<h1>{{ site.Title }}</h1>
<p class="count">{{ len $places }} steder innen 10 km fra sentrum</p>
<ul class="places">
{{ range $places }}
<li class="place">
<a class="name" href="{{ .RelPermalink }}">{{ .Title }}</a>
<span class="address">{{ .Params.address_line2 }}</span>
<span class="category">{{ index $labels .Params.category | default .Params.category }}</span>
<span class="distance">{{ if ge .Params.distance 1000 }}{{ printf "%.1f km" (div (float .Params.distance) 1000) }}{{ else }}{{ .Params.distance }} m{{ end }}</span>
<span class="stars" aria-label="{{ .Params.rating }} av 5 stjerner">{{ strings.Repeat .Params.rating "★" }}{{ strings.Repeat (sub 5 .Params.rating) "☆" }}</span>
</li>
{{ end }}
</ul>
{{ end }}
EOF
cat > "$SITE/layouts/_default/single.html" <<'EOF'
{{ define "title" }}{{ .Title }} – {{ site.Title }}{{ end }}
{{ define "meta" }}<meta name="description" content="{{ .Title }}, {{ .Params.formatted }}">{{ end }}
{{ define "main" }}
{{ $labels := dict "catering.restaurant" "Restaurant" "catering.cafe" "Kafé" "accommodation.hotel" "Hotell" }}
<article class="place-detail" data-place-id="{{ .Params.place_id }}">
<div class="pin" aria-hidden="true"></div>
<h1>{{ .Title }}</h1>
<p class="category">{{ index $labels .Params.category | default .Params.category }}{{ with .Params.rating }} · <span class="stars" aria-label="{{ . }} av 5 stjerner">{{ strings.Repeat . "★" }}{{ strings.Repeat (sub 5 .) "☆" }}</span>{{ end }}</p>
<address>{{ .Params.address_line1 }}<br>{{ .Params.address_line2 }}</address>
<dl class="facts">
<dt>Koordinater</dt><dd class="coords">{{ printf "%.6f" .Params.lat }}, {{ printf "%.6f" .Params.lon }}</dd>
<dt>Avstand</dt><dd>{{ if ge .Params.distance 1000 }}{{ printf "%.1f km" (div (float .Params.distance) 1000) }}{{ else }}{{ .Params.distance }} m{{ end }}</dd>
{{ with .Params.opening_hours }}<dt>Åpningstider</dt><dd class="hours">{{ . }}</dd>{{ else }}<dt>Åpningstider</dt><dd class="hours unknown">Ukjent</dd>{{ end }}
{{ with .Params.contact }}{{ with .phone }}<dt>Telefon</dt><dd><a href="{{ printf "tel:%s" (replace . " " "") | safeURL }}">{{ . }}</a></dd>{{ end }}{{ end }}
{{ with .Params.website }}<dt>Nettsted</dt><dd><a href="{{ . }}" rel="noopener">{{ . }}</a></dd>{{ end }}
</dl>
<p class="actions"><a class="maps" href="https://maps.apple.com/?ll={{ .Params.lat }},{{ .Params.lon }}&q={{ .Title }}">Åpne i Apple Kart</a></p>
<p class="back"><a href="{{ "/" | relURL }}">← Alle steder</a></p>
</article>
<style>
.pin{width:1.5rem;height:1.5rem;border-radius:50% 50% 50% 0;background:#d33;transform:rotate(-45deg);animation:pin-drop .6s cubic-bezier(.2,.8,.3,1) both}
@keyframes pin-drop{0%{transform:translateY(-2rem) rotate(-45deg);opacity:0}60%{transform:translateY(.25rem) rotate(-45deg);opacity:1}100%{transform:rotate(-45deg)}}
@media (prefers-reduced-motion:reduce){.pin{animation:none}}
</style>
{{ end }}
EOF
cat > "$SITE/static/style.css" <<'EOF'
:root{--fg:#1b1b1f;--bg:#fbfbfd;--accent:#0a66c2;--muted:#6b6b76;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
*{box-sizing:border-box}
body{margin:0;color:var(--fg);background:var(--bg);line-height:1.5}
main{max-width:60rem;margin:0 auto;padding:1rem}
a{color:var(--accent)}
.site-header,.site-footer{padding:.75rem 1rem;background:#eef1f6}
.site-footer{font-size:.8rem;color:var(--muted)}
.places{list-style:none;padding:0;margin:0}
.place{display:grid;grid-template-columns:2fr 3fr 1fr 1fr 6rem;gap:.5rem;padding:.4rem 0;border-bottom:1px solid #e3e3ea}
.place .name{font-weight:600}
.place .address,.place .category,.place .distance{color:var(--muted)}
.stars{color:#e0a100;letter-spacing:.1em;white-space:nowrap}
.place-detail address{font-style:normal;margin:.5rem 0 1rem}
.facts{display:grid;grid-template-columns:10rem 1fr;gap:.25rem 1rem}
.facts dt{font-weight:600}
.hours.unknown{color:var(--muted)}
.actions .maps{display:inline-block;padding:.5rem 1rem;border-radius:.5rem;background:var(--accent);color:#fff;text-decoration:none}
@media (max-width:40rem){.place{grid-template-columns:1fr}.facts{grid-template-columns:1fr}}
EOF
python3 "$HERE/places-to-content.py" "$DATA" "$SITE/content/steder" >/dev/null
