#!/usr/bin/env python3
"""A stand-in for the Geoapify API on loopback, for the client tests.

Usage: geoapify_stub.py SCENARIO.json LOG.jsonl [HOST]
Prints the port it listens on (HOST, default 127.0.0.1; a free port) as its first line, then serves
until killed.

SCENARIO.json: {"routes": {KEY: [RESPONSE, ...]}, "default": RESPONSE}
  KEY is the `categories` value of a /v2/places request (e.g. "catering.cafe"), or "geocode"
  for /v1/geocode/*. Responses are used in order; the last one repeats.
  RESPONSE: {"status": 200, "headers": {...}, "delay": seconds,
             "file": PATH | "body": TEXT | "json": VALUE, "truncate": N,
             "repeat": N (the body N times over), "stream": true (no Content-Length: sent in
             1 MB pieces until done or the client hangs up)}
LOG.jsonl gets one line per request: {"path", "query": {name: value}, "headers": {lower-case name: value}}.
"""
import json
import os
import sys
import threading
import time
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


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        parts = urlsplit(self.path)
        query = {k: v[0] for k, v in parse_qs(parts.query, keep_blank_values=True).items()}
        with lock, open(log_path, "a", encoding="utf-8") as log:
            log.write(json.dumps({"path": parts.path, "query": query,
                                  "headers": {k.lower(): v for k, v in self.headers.items()}}) + "\n")
        key = "geocode" if parts.path.startswith("/v1/geocode") else query.get("categories", "")
        response = pick(key)
        if response.get("delay"):
            time.sleep(response["delay"])
        if "file" in response:
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
            headers = {"Content-Type": "application/json"}
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
