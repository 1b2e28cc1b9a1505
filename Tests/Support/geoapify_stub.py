#!/usr/bin/env python3
"""A stand-in for the Geoapify API on loopback, for the client tests.

Usage: geoapify_stub.py SCENARIO.json LOG.jsonl [HOST]
Prints the port it listens on (HOST, default 127.0.0.1; a free port) as its first line, then serves
until killed.

SCENARIO.json: {"routes": {KEY: [RESPONSE, ...]}, "default": RESPONSE}
  KEY is the `categories` value of a /v2/places request (e.g. "catering.cafe"), "geocode"
  for /v1/geocode/*, "details" for /v2/place-details, "overpass" for an Overpass API request for map data (/api/interpreter?data=QUERY), or
  "overpass-places" for one for places (a query with `out center`), "overpass-lookup" for the kinds of saved
  places (a query for `[name]`d elements around points; a POST's form is read as a GET's query). Responses are used in order; the last one repeats.
  RESPONSE: {"status": 200, "headers": {...}, "delay": seconds,
             "file": PATH | "body": TEXT | "json": VALUE | "png": true (the drawn tile, below; with
             "text": TEXT, that text in a tEXt, a zTXt and an iTXt chunk too),
             "truncate": N, "repeat": N (the body N times over), "stream": true (no
             Content-Length: sent in 1 MB pieces until done or the client hangs up)}
Map tiles, /v1/tile/STYLE/Z/X/Y.png (Geoapify's raster tiles): without a key (an `x-api-key`
  header or an `apiKey` query), 403; else the first of the routes "tile:Z/X/Y", "tile:Z" and "tile" the scenario has answers
  (so a test can break one tile, one zoom or all), and without any, a drawn 256 x 256 PNG: a light
  background that alternates with (x + y) % 2, a darker line along the top and left edges (a grid
  across the map) and "Z/X/Y" written in the corner, so a screenshot shows where each tile went.
LOG.jsonl gets one line per request: {"path", "query": {name: value}, "headers": {lower-case name: value}}.
"""
import json
import os
import re
import struct
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

scenario = json.load(open(sys.argv[1], encoding="utf-8"))
log_path = sys.argv[2]
lock = threading.Lock()
counters = {}


def pick(key):
    with lock:
        responses = scenario.get("routes", {}).get(key)
        if not responses:
            return scenario.get("default", {"status": 404, "json": {"statusCode": 404, "error": "Not Found", "message": "no route"}})
        index = counters.get(key, 0)
        counters[key] = index + 1
        return responses[min(index, len(responses) - 1)]


TILE_PATH = re.compile(r"^/v1/tile/([A-Za-z0-9_-]+)/(\d{1,2})/(\d{1,7})/(\d{1,7})(@2x)?\.png$")

# A 3 x 5 pixel font for the tile's label.
GLYPHS = {
    "0": "111101101101111", "1": "010110010010111", "2": "111001111100111", "3": "111001111001111",
    "4": "101101111001001", "5": "111100111001111", "6": "111100111101111", "7": "111001010010010",
    "8": "111101111101111", "9": "111101111001111", "/": "001001010100100",
}
tile_cache = {}


def chunk(tag, data):
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)


def png(width, height, rows):
    """A truecolour PNG from rows of RGB bytes (no filtering)."""
    raw = b"".join(b"\x00" + bytes(row) for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def with_text(body, text):
    """The PNG with `text` in a tEXt, a zTXt and a compressed iTXt chunk after its IHDR, as a server's
    metadata would be."""
    keyword = b"Comment\x00"
    chunks = (chunk(b"tEXt", keyword + text.encode("latin-1"))
              + chunk(b"zTXt", keyword + b"\x00" + zlib.compress(text.encode("latin-1")))
              + chunk(b"iTXt", keyword + b"\x01\x00en\x00\x00" + zlib.compress(text.encode("utf-8"))))
    after_header = 8 + 25
    return body[:after_header] + chunks + body[after_header:]


def draw_tile(z, x, y):
    key = (z, x, y)
    with lock:
        if key in tile_cache:
            return tile_cache[key]
    size = 256
    background = bytes((0xEE, 0xF1, 0xE4)) if (x + y) % 2 == 0 else bytes((0xDD, 0xE6, 0xF2))
    line = bytes((0x7C, 0x88, 0x9C))
    ink = bytes((0x3A, 0x42, 0x50))
    rows = [bytearray(background * size) for _ in range(size)]
    for r in range(size):
        if r < 2:
            rows[r][:] = line * size
        else:
            rows[r][0:6] = line * 2
    scale, left, top = 3, 8, 8
    for index, char in enumerate("%d/%d/%d" % (z, x, y)):
        glyph = GLYPHS[char]
        for gy in range(5):
            for gx in range(3):
                if glyph[gy * 3 + gx] == "1":
                    for dy in range(scale):
                        row = rows[top + gy * scale + dy]
                        start = (left + index * 4 * scale + gx * scale) * 3
                        row[start:start + 3 * scale] = ink * scale
    body = png(size, size, rows)
    with lock:
        tile_cache[key] = body
    return body


def tile_response(match, query, headers):
    if not query.get("apiKey") and not headers.get("x-api-key"):
        return {"status": 403, "json": {"statusCode": 403, "error": "Forbidden", "message": "apiKey is missing"}}
    z, x, y = int(match.group(2)), int(match.group(3)), int(match.group(4))
    routes = scenario.get("routes", {})
    for key in ("tile:%d/%d/%d" % (z, x, y), "tile:%d" % z, "tile"):
        if routes.get(key):
            return pick(key)
    return {"png": True}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_POST(self):
        """A form (Overpass's `data`): answered as the GET of the same fields, logged with its method."""
        length = int(self.headers.get("Content-Length") or 0)
        form = self.rfile.read(min(length, 16 << 20)).decode("utf-8", "replace")
        self.do_GET(form=form)

    def do_GET(self, form=None):
        parts = urlsplit(self.path)
        query = {k: v[0] for k, v in parse_qs(parts.query, keep_blank_values=True).items()}
        if form is not None:
            query.update({k: v[0] for k, v in parse_qs(form, keep_blank_values=True).items()})
        with lock, open(log_path, "a", encoding="utf-8") as log:
            log.write(json.dumps({"path": parts.path, "query": query, "method": "POST" if form is not None else "GET",
                                  "headers": {k.lower(): v for k, v in self.headers.items()}}) + "\n")
        tile = TILE_PATH.match(parts.path)
        if tile:
            response = tile_response(tile, query, {k.lower(): v for k, v in self.headers.items()})
        else:
            if parts.path.startswith("/v1/geocode"):
                key = "geocode"
            elif parts.path.startswith("/v2/place-details"):
                key = "details"
            elif parts.path.endswith("/interpreter"):
                # Saved places' kinds looked up (named elements around points), a places query
                # (`out center tags`) or the basemap's (`out geom`).
                data = query.get("data", "")
                key = ("overpass-lookup" if "[name]" in data
                       else "overpass-places" if "out center" in data else "overpass")
            else:
                key = query.get("categories", "")
            response = pick(key)
        if response.get("delay"):
            time.sleep(response["delay"])
        if response.get("png"):
            body = draw_tile(int(tile.group(2)), int(tile.group(3)), int(tile.group(4))) if tile else b""
            if response.get("text"):
                body = with_text(body, response["text"])
        elif "file" in response:
            body = open(response["file"], "rb").read()
        elif "json" in response:
            body = json.dumps(response["json"]).encode()
        else:
            body = response.get("body", "").encode()
        if "truncate" in response:
            body = body[: response["truncate"]]
        repeat = response.get("repeat", 1)
        try:
            self.send_response(response.get("status", 200))
            headers = {"Content-Type": "image/png" if response.get("png") else "application/json"}
            headers.update(response.get("headers", {}))
            for name, value in headers.items():
                self.send_header(name, value)
            if response.get("stream"):
                self.send_header("Connection", "close")
                self.close_connection = True
            else:
                self.send_header("Content-Length", str(len(body) * repeat))
            self.end_headers()
            if body:
                per_piece = max(1, (1 << 20) // len(body))
                piece = body * per_piece
                sent = 0
                while sent < repeat:
                    count = min(repeat - sent, per_piece)
                    self.wfile.write(piece[: count * len(body)])
                    sent += count
        except (BrokenPipeError, ConnectionResetError):
            pass


def exit_when_parent_goes():
    """The test holds our stdin open; when it closes (test done or killed), stop."""
    try:
        while sys.stdin.buffer.read(1024):
            pass
    finally:
        os._exit(0)


threading.Thread(target=exit_when_parent_goes, daemon=True).start()
server = ThreadingHTTPServer((sys.argv[3] if len(sys.argv) > 3 else "127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
