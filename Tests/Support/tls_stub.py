#!/usr/bin/env python3
"""An HTTPS server on loopback with a certificate no one trusts, for the transport's TLS test.

Usage: tls_stub.py CERT.pem KEY.pem LOG
Prints the port it listens on (127.0.0.1, a free port) as its first line, then serves until killed.
Every request that gets through the handshake is logged to LOG (path and headers, one JSON line) and
answered 200; a client that checks certificates never gets that far.
"""
import json
import ssl
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

cert, key, log_path = sys.argv[1:4]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        with open(log_path, "a", encoding="utf-8") as log:
            log.write(json.dumps({"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()}}) + "\n")
        body = b'{"type":"FeatureCollection","features":[]}'
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(cert, key)
server.socket = context.wrap_socket(server.socket, server_side=True)
print(server.server_address[1], flush=True)
server.serve_forever()
