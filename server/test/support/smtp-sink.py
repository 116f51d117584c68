"""A real SMTP server for the tests (Debian's python3-aiosmtpd): each message it accepts is written to
FOLDER as one JSON file (envelope recipients, headers, plain text and HTML), renamed into place whole.
Usage: /usr/bin/python3 smtp-sink.py PORT FOLDER. Prints "ready" once it listens; stops on SIGTERM."""
import email
import email.policy
import json
import os
import signal
import sys
import time

from aiosmtpd.controller import Controller


class Sink:
    def __init__(self, folder):
        self.folder = folder

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.original_content or envelope.content, policy=email.policy.default)
        text = message.get_body(('plain',))
        html = message.get_body(('html',))
        record = {
            'from': envelope.mail_from,
            'to': envelope.rcpt_tos,
            # Unfolded: a long header arrives folded over several lines.
            'headers': {k.lower(): ' '.join(str(v).split()) for k, v in message.items()},
            'text': text.get_content() if text else None,
            'html': html.get_content() if html else None,
        }
        name = os.path.join(self.folder, f'{time.time_ns()}')
        with open(name + '.tmp', 'w', encoding='utf-8') as f:
            json.dump(record, f)
        os.rename(name + '.tmp', name + '.json')
        return '250 Message accepted'


def main():
    port, folder = int(sys.argv[1]), sys.argv[2]
    os.makedirs(folder, exist_ok=True)
    controller = Controller(Sink(folder), hostname='127.0.0.1', port=port)
    controller.start()
    print('ready', flush=True)
    signal.sigwait([signal.SIGTERM, signal.SIGINT])
    controller.stop()


if __name__ == '__main__':
    signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGTERM, signal.SIGINT])
    main()
