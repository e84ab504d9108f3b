"""A real SMTP server for one test, on a free port in a thread (the standard library's socketserver:
no aiosmtpd in the project). It speaks enough of RFC 5321 for smtplib (EHLO/HELO, MAIL, RCPT, DATA
with dot-unstuffing, RSET, NOOP, QUIT) and keeps what it received."""

from __future__ import annotations

import socketserver
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field


@dataclass
class Received:
    mail_from: str
    rcpt_to: list[str]
    data: bytes


@dataclass
class Mailbox:
    port: int
    messages: list[Received] = field(default_factory=list)


def _handler(mailbox: Mailbox) -> type[socketserver.StreamRequestHandler]:
    class Handler(socketserver.StreamRequestHandler):
        def reply(self, line: str) -> None:
            self.wfile.write(f"{line}\r\n".encode())

        def handle(self) -> None:
            self.reply("220 kehadiran-test ESMTP")
            mail_from, rcpt_to = "", []
            while line := self.rfile.readline():
                command = line.decode("ascii", "replace").rstrip("\r\n")
                verb = command[:4].upper()
                if verb == "EHLO":
                    self.wfile.write(b"250-kehadiran-test\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n")
                elif verb == "HELO":
                    self.reply("250 kehadiran-test")
                elif verb == "MAIL":
                    mail_from, rcpt_to = command.split(":", 1)[1].strip(), []
                    self.reply("250 OK")
                elif verb == "RCPT":
                    rcpt_to.append(command.split(":", 1)[1].strip())
                    self.reply("250 OK")
                elif verb == "DATA":
                    self.reply("354 End data with <CR><LF>.<CR><LF>")
                    lines: list[bytes] = []
                    while (chunk := self.rfile.readline()) not in (b".\r\n", b""):
                        lines.append(chunk[1:] if chunk.startswith(b"..") else chunk)
                    mailbox.messages.append(Received(mail_from, rcpt_to, b"".join(lines)))
                    self.reply("250 OK queued")
                elif verb in ("RSET", "NOOP"):
                    mail_from, rcpt_to = ("", []) if verb == "RSET" else (mail_from, rcpt_to)
                    self.reply("250 OK")
                elif verb == "QUIT":
                    self.reply("221 Bye")
                    return
                else:
                    self.reply("502 Command not implemented")

    return Handler


@contextmanager
def smtp_server() -> Iterator[Mailbox]:
    """A listening SMTP server on 127.0.0.1 and a free port until the block ends."""
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), _handler(Mailbox(port=0)))
    mailbox = Mailbox(port=server.server_address[1])
    server.RequestHandlerClass = _handler(mailbox)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield mailbox
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
