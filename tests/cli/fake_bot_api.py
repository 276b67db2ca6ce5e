#!/usr/bin/env python3
"""A local stand-in for the Telegram Bot API, for tests/cli/test_bot.sh (no machine here
reaches Telegram). It answers the methods `chesscodec bot` uses, in the documented shapes
(https://core.telegram.org/bots/api): {"ok": true, "result": ...} or {"ok": false,
"error_code": N, "description": "...", "parameters": {"retry_after": S}}.

  getUpdates   JSON body {offset, timeout, allowed_updates}; an offset confirms (drops) the
               updates below it, as Telegram does; waits up to min(timeout, 2) s for updates
  sendMessage  JSON body {chat_id, text}
  sendPhoto    multipart/form-data: chat_id, photo (a file)

Scripted misbehaviour: the first getUpdates gets an HTML 502 (a proxy error); the first
sendMessage to chat RATE_CHAT gets a 429 with retry_after 1; sendMessage to chat GONE_CHAT
gets 400 "chat not found"; a wrong token gets 401.

Usage: fake_bot_api.py TOKEN SCRIPT.json RECORD.jsonl PORT_FILE
SCRIPT: [{"phase": 1, "update": {...}}, ...]; phase 1 is served from the start, later phases
after POST /control/phase/N. Every request is recorded in RECORD as one JSON line.
"""
import json
import os
import sys
import threading
import time
from email.parser import BytesParser
from email.policy import HTTP
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

RATE_CHAT = 777
GONE_CHAT = 404

TOKEN, SCRIPT, RECORD, PORT_FILE = sys.argv[1:5]
lock = threading.Condition()
entries = json.load(open(SCRIPT, encoding="utf-8"))
state = {"phase": 1, "confirmed": -1, "served_once": set(), "gets": 0, "rate_done": False}


def record(obj):
    with lock:
        obj["time"] = time.time()
        with open(RECORD, "a", encoding="utf-8") as f:
            f.write(json.dumps(obj, ensure_ascii=False) + "\n")


def pending(offset):
    """Updates released so far and not confirmed (update_id >= offset)."""
    out = []
    for k, e in enumerate(entries):
        if e["phase"] > state["phase"]:
            continue
        u = e["update"]
        uid = u.get("update_id")
        if isinstance(uid, int):
            if uid >= offset:
                out.append(u)
        elif k not in state["served_once"]:  # a broken update: served once
            state["served_once"].add(k)
            out.append(u)
    return out[:100]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, code, obj=None, raw=None, ctype="application/json"):
        body = raw if raw is not None else json.dumps(obj, ensure_ascii=False).encode()
        try:
            self.send_response(code)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the bot stopped while waiting (a signal during a long poll)

    def error(self, code, desc, **params):
        obj = {"ok": False, "error_code": code, "description": desc}
        if params:
            obj["parameters"] = params
        self.reply(code, obj)

    def do_POST(self):
        data = self.rfile.read(int(self.headers.get("Content-Length", "0") or 0))
        if self.path.startswith("/control/phase/"):
            with lock:
                state["phase"] = int(self.path.rsplit("/", 1)[1])
                lock.notify_all()
            return self.reply(200, {"ok": True, "result": True})
        parts = self.path.split("/")
        if len(parts) != 3 or not parts[1].startswith("bot"):
            return self.error(404, "Not Found")
        if parts[1][3:] != TOKEN:
            record({"method": parts[2], "status": 401})
            return self.error(401, "Unauthorized")
        method = parts[2]
        if method == "getUpdates":
            return self.get_updates(data)
        if method == "sendMessage":
            return self.send_message(data)
        if method == "sendPhoto":
            return self.send_photo(data)
        return self.error(404, "Not Found: method not found")

    def get_updates(self, data):
        try:
            req = json.loads(data or b"{}")
            offset = int(req.get("offset", 0))
            timeout = min(float(req.get("timeout", 0)), 2.0)
        except (ValueError, TypeError, AttributeError):
            return self.error(400, "Bad Request: bad getUpdates parameters")
        with lock:
            state["gets"] += 1
            first = state["gets"] == 1
        record({"method": "getUpdates", "offset": offset, "status": 502 if first else 200})
        if first:
            return self.reply(502, raw=b"<html><body>502 Bad Gateway</body></html>", ctype="text/html")
        end = time.time() + timeout
        with lock:
            if offset > state["confirmed"]:
                state["confirmed"] = offset
            got = pending(offset)
            while not got and time.time() < end:
                lock.wait(0.05)
                got = pending(offset)
        self.reply(200, {"ok": True, "result": got})

    def send_message(self, data):
        try:
            req = json.loads(data)
            chat, text = req["chat_id"], req["text"]
        except (ValueError, KeyError, TypeError):
            return self.error(400, "Bad Request: message text is empty")
        if not isinstance(text, str) or not text:
            return self.error(400, "Bad Request: message text is empty")
        if chat == RATE_CHAT and not state["rate_done"]:
            state["rate_done"] = True
            record({"method": "sendMessage", "chat_id": chat, "status": 429})
            return self.error(429, "Too Many Requests: retry after 1", retry_after=1)
        if chat == GONE_CHAT:
            record({"method": "sendMessage", "chat_id": chat, "status": 400})
            return self.error(400, "Bad Request: chat not found")
        if len(text) > 4096:
            record({"method": "sendMessage", "chat_id": chat, "status": 400})
            return self.error(400, "Bad Request: message is too long")
        record({"method": "sendMessage", "chat_id": chat, "text": text, "status": 200})
        self.reply(200, {"ok": True, "result": {"message_id": int(time.time() * 1000) % 100000,
                                                "chat": {"id": chat, "type": "private"},
                                                "date": int(time.time()), "text": text}})

    def send_photo(self, data):
        ctype = self.headers.get("Content-Type", "")
        msg = BytesParser(policy=HTTP).parsebytes(
            b"Content-Type: " + ctype.encode() + b"\r\n\r\n" + data)
        fields = {}
        for part in msg.iter_parts() if msg.is_multipart() else []:
            name = part.get_param("name", header="content-disposition")
            fields[name] = (part.get_payload(decode=True), part.get_filename(), part.get_content_type())
        if "chat_id" not in fields or "photo" not in fields:
            return self.error(400, "Bad Request: there is no photo in the request")
        chat = int(fields["chat_id"][0])
        photo, filename, ptype = fields["photo"]
        record({"method": "sendPhoto", "chat_id": chat, "bytes": len(photo), "filename": filename,
                "type": ptype, "png": photo[:8] == b"\x89PNG\r\n\x1a\n", "status": 200})
        self.reply(200, {"ok": True, "result": {"message_id": 1, "chat": {"id": chat, "type": "private"},
                                                "date": int(time.time()),
                                                "photo": [{"file_id": "x", "file_unique_id": "y",
                                                           "width": 360, "height": 360}]}})


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
with open(PORT_FILE + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
os.rename(PORT_FILE + ".tmp", PORT_FILE)
server.serve_forever()
