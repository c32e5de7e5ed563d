"""One warm LibreOffice for the service's conversion pool (warm-office.ts), as unoserver does it.

Started by the service (inside the instance's sandbox when there is one) with the soffice executable,
the profile directory's file URL, a pipe name and a start-up deadline in seconds. It starts soffice
listening on that UNO pipe, connects, prints {"ready": true} and then answers one JSON line per
request line on stdin:

  {"id": 1, "input": "file:///.../in.docx", "output": "file:///.../out.pdf", "filter": "MS Word 2007 XML"}
  -> {"id": 1, "ok": true} or {"id": 1, "ok": false, "error": "..."}
  {"id": 2, "ping": true} -> {"id": 2, "ok": true} (a health check)

The service converts one document at a time per instance and kills the whole instance (its process
group, or its sandbox) when a conversion exceeds its timeout. This script exits, taking soffice with it,
when stdin closes or when soffice goes away, so a dead LibreOffice is always a dead instance.
"""

import json
import os
import signal
import subprocess
import sys
import threading
import time

import uno
from com.sun.star.beans import PropertyValue
from com.sun.star.connection import NoConnectException
from com.sun.star.lang import DisposedException

# Documents load hidden, read-only, without running macros (MacroExecutionMode NEVER_EXECUTE) and
# without updating links to other files (UpdateDocMode NO_UPDATE).
LOAD_PROPERTIES = (("Hidden", True), ("ReadOnly", True), ("MacroExecutionMode", 0), ("UpdateDocMode", 0))

# The PDF export filter of each kind of document, most specific first (a presentation is also a drawing).
EXPORT_FILTERS = (
    ("com.sun.star.text.WebDocument", "writer_web_pdf_Export"),
    ("com.sun.star.text.GenericTextDocument", "writer_pdf_Export"),
    ("com.sun.star.sheet.SpreadsheetDocument", "calc_pdf_Export"),
    ("com.sun.star.presentation.PresentationDocument", "impress_pdf_Export"),
    ("com.sun.star.drawing.DrawingDocument", "draw_pdf_Export"),
)


def properties(pairs):
    result = []
    for name, value in pairs:
        prop = PropertyValue()
        prop.Name = name
        prop.Value = value
        result.append(prop)
    return tuple(result)


def reply(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def connect(office, pipe, deadline):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    while True:
        if office.poll() is not None:
            raise SystemExit("soffice exited with status %s before accepting connections" % office.returncode)
        try:
            context = resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe)
            return context.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", context)
        except NoConnectException:
            if time.monotonic() > deadline:
                raise SystemExit("soffice did not accept connections in time")
            time.sleep(0.05)


def convert(desktop, request):
    load = list(LOAD_PROPERTIES)
    if request.get("filter"):
        # "Text (encoded):UTF8,LF,,," on soffice's command line is a filter name and its options.
        name, _, options = request["filter"].partition(":")
        load.append(("FilterName", name))
        if options:
            load.append(("FilterOptions", options))
    document = desktop.loadComponentFromURL(request["input"], "_blank", 0, properties(load))
    if document is None:
        raise ValueError("LibreOffice could not read the document")
    try:
        export = next((f for service, f in EXPORT_FILTERS if document.supportsService(service)), None)
        if export is None:
            raise ValueError("LibreOffice opened the document as something it cannot export to PDF")
        document.storeToURL(request["output"], properties([("FilterName", export)]))
    finally:
        document.close(True)


def end_with(office):
    # An idle bridge would only notice a dead soffice at the next request, and fail that document.
    office.wait()
    sys.stderr.write("soffice exited with status %s\n" % office.returncode)
    sys.stderr.flush()
    end_group()
    os._exit(1)


def end_group():
    # soffice forks soffice.bin, which outlives the script that started it: as the leader of this
    # instance's process group (the service starts it so), end the whole group, this script included.
    if os.getpgid(0) == os.getpid():
        os.killpg(0, signal.SIGKILL)


def main():
    soffice, profile_url, pipe, startup_seconds = sys.argv[1:5]
    office = subprocess.Popen(
        [
            soffice,
            "-env:UserInstallation=" + profile_url,
            "--headless",
            "--invisible",
            "--nologo",
            "--nodefault",
            "--nolockcheck",
            "--norestore",
            "--accept=pipe,name=%s;urp;StarOffice.ComponentContext" % pipe,
        ],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        # Without the URE_BOOTSTRAP that `import uno` put into this process's environment: soffice
        # finds its own installation's (which need not be the one this Python's uno belongs to).
        env={name: value for name, value in os.environ.items() if name != "URE_BOOTSTRAP"},
    )
    threading.Thread(target=end_with, args=(office,), daemon=True).start()
    try:
        desktop = connect(office, pipe, time.monotonic() + float(startup_seconds))
        reply({"ready": True})
        for line in sys.stdin:
            request = json.loads(line)
            try:
                if request.get("ping"):
                    # A health check: any call that soffice has to answer.
                    desktop.getFrames().getCount()
                else:
                    convert(desktop, request)
                reply({"id": request["id"], "ok": True})
            except DisposedException:
                raise SystemExit("the connection to soffice was lost while converting")
            except Exception as error:  # noqa: BLE001 - every other failure is this document's
                if office.poll() is not None:
                    raise SystemExit("soffice exited with status %s while converting" % office.returncode)
                reply({"id": request["id"], "ok": False, "error": str(error)[:500] or type(error).__name__})
    finally:
        end_group()
        office.kill()


if __name__ == "__main__":
    main()
