"""The manager's console in a real browser: Debian's chromium driven by selenium.

Run by ConsoleBrowserTests with /usr/bin/python3 (which sees Debian's python3-selenium):

    console_browser.py main URL SHOTS STATE       sign in, read the pages, close a mark-out, be refused
    console_browser.py expired URL SHOTS STATE    after the clock moved 31 minutes: the session is over
    console_browser.py admin URL SHOTS STATE      add an employee, reset a PIN, allow WiFi, import holidays,
                                                  grant leave; a viewer is offered no form and refused

URL is the console's address, SHOTS a folder for screenshots, STATE a file where `main` leaves
the session cookie for `expired`. Each check that fails prints what was seen and exits 1.
"""

import datetime
import io
import json
import os
import subprocess
import sys
import tempfile
import urllib.error
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.select import Select
from selenium.webdriver.support.ui import WebDriverWait

PASSWORD = "correct horse battery"
DAY = None  # the scenario's date, from the today page


def fail(message):
    print("FAILED: " + message)
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000",
                     "--disable-dev-shm-usage"]:
        options.add_argument(argument)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def request(url, data=None, cookie=None, method=None):
    """An HTTP request outside the browser: (status, headers, body)."""
    headers = {}
    if cookie:
        headers["Cookie"] = "attendance_session=" + cookie
    body = None
    if data is not None:
        body = data if isinstance(data, bytes) else urllib.parse.urlencode(data).encode()
        headers["Content-Type"] = "application/x-www-form-urlencoded"

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(NoRedirect)
    try:
        response = opener.open(urllib.request.Request(url, data=body, headers=headers, method=method))
        return response.status, response.headers, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read().decode()


def download(url, cookie):
    """A file the console sends: (status, headers, bytes)."""
    request = urllib.request.Request(url, headers={"Cookie": "attendance_session=" + cookie})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def check_register_choices(base, session):
    """The register of any period, of a payroll period, of one department; each malformed choice a 400 saying why."""

    last = datetime.date.fromisoformat(YESTERDAY)
    first = (last - datetime.timedelta(days=6)).isoformat()
    status, _, body = request(base + "/register?from=%s&to=%s" % (first, YESTERDAY), cookie=session)
    check(status == 200 and "%s \u2013 %s" % (first, YESTERDAY) in body,
          "the register of a week got %d: %s" % (status, body[:300]))
    status, headers, body = download(base + "/register.csv?from=%s&to=%s" % (first, YESTERDAY), session)
    check(status == 200 and headers.get("Content-Disposition")
          == 'attachment; filename="register-%s_%s.csv"' % (first, YESTERDAY),
          "the week's CSV got %d as %r" % (status, headers.get("Content-Disposition")))
    check(body.decode().splitlines()[0].split(",")[2] == first, "the week's CSV starts %r" % body[:80])
    status, _, _ = request(base + "/register?period=" + YESTERDAY[:7], cookie=session)
    check(status == 200, "the payroll period's register got %d" % status)
    for query, reason in [
        ("from=2026-01-01&to=2026-12-31", "at most 62 days"),
        ("from=2026-01-01", "from and to go together"),
        ("month=2026-11&period=2026-11", "each choose the dates"),
        ("from=2026-02-30&to=2026-03-02", "2026-02-30"),
        ("department=Nowhere", "no employee is in the department"),
    ]:
        status, _, body = request(base + "/register?" + query, cookie=session)
        check(status == 400 and reason in body, "%s got %d: %s" % (query, status, body[:300]))
        status, _, _ = download(base + "/register.pdf?" + query, session)
        check(status == 400, "the PDF of %s got %d" % (query, status))


def check_register_files(base, session, month):
    """The register's downloads: the same month as CSV, PDF (read by poppler) and workbook (openpyxl)."""
    import openpyxl

    status, headers, body = download(base + "/register.csv?month=" + month, session)
    check(status == 200, "the CSV register got %d" % status)
    check(headers.get("Content-Disposition") == 'attachment; filename="register-%s.csv"' % month,
          "the CSV is sent as %r" % headers.get("Content-Disposition"))
    lines = body.decode().splitlines()
    header = lines[0].split(",")
    check(header[:2] == ["code", "name"] and YESTERDAY in header, "the CSV header is %r" % lines[0])
    row = next((line.split(",") for line in lines if line.startswith("W001,")), None)
    check(row is not None and row[header.index(YESTERDAY)] == "P", "W001's CSV row: %r" % row)

    status, headers, body = download(base + "/register.pdf?month=%s&paper=letter" % month, session)
    check(status == 200 and body.startswith(b"%PDF-"), "the PDF register got %d: %r" % (status, body[:20]))
    check(headers.get("Content-Type") == "application/pdf", "the PDF is sent as %s" % headers.get("Content-Type"))
    with tempfile.NamedTemporaryFile(suffix=".pdf") as pdf:
        pdf.write(body)
        pdf.flush()
        info = subprocess.run(["pdfinfo", pdf.name], capture_output=True, text=True).stdout
        text = subprocess.run(["pdftotext", "-layout", pdf.name, "-"], capture_output=True, text=True).stdout
    check("792 x 612 pts (letter)" in info, "the PDF asked for on Letter is not landscape Letter:\n" + info)
    check("W001" in text and "page 1 of" in text, "poppler reads in the PDF register:\n" + text[:2000])

    status, headers, body = download(base + "/register.xlsx?month=" + month, session)
    check(status == 200 and body.startswith(b"PK"), "the workbook got %d" % status)
    workbook = openpyxl.load_workbook(io.BytesIO(body))
    cells = [cell.value for sheet in workbook.worksheets for row in sheet.iter_rows() for cell in row]
    check("W001" in cells and "Mira Das" in cells, "openpyxl finds no W001 or Mira Das in the workbook")

    status, _, body = download(base + "/register.pdf?month=%s&paper=legal" % month, session)
    check(status == 400 and b"a4 or letter" in body, "an unknown paper got %d" % status)
    status, headers, _ = request(base + "/register.xlsx?month=" + month)
    check(status == 303 and headers.get("Location", "").startswith("/login"), "a download without a session: %d" % status)


def check_hours(driver, base, shots, session):
    """The week's hours: yesterday's cell in its colour, and the same week as CSV and workbook."""
    import openpyxl

    driver.get(base + "/hours?week=" + YESTERDAY)
    cell = driver.find_element(By.CSS_SELECTOR, "table.hours a[href='/employees/W001/days/%s']" % YESTERDAY)
    # 09:00 (a moment after) to 18:00 once re-timed: nine hours, in hundredths.
    check(cell.text in ("8.99", "9.00"), "W001's hours yesterday read %r" % cell.text)
    colour = cell.find_element(By.XPATH, "..").value_of_css_property("background-color")
    check(colour in ("rgba(46, 125, 50, 1)", "rgb(46, 125, 50)"), "a present date's hours are painted %s" % colour)
    shot(driver, shots, "hours")

    status, headers, body = download(base + "/hours.csv?week=" + YESTERDAY, session)
    check(status == 200 and headers.get("Content-Disposition", "").startswith('attachment; filename="hours-week-of-'),
          "the week's CSV got %d, sent as %r" % (status, headers.get("Content-Disposition")))
    lines = body.decode().splitlines()
    header = lines[0].split(",")
    row = next((line.split(",") for line in lines if line.startswith("W001,")), None)
    check(row is not None and row[header.index(YESTERDAY)] == cell.text, "W001's CSV row: %r" % row)

    status, _, body = download(base + "/hours.xlsx?week=" + YESTERDAY, session)
    check(status == 200 and body.startswith(b"PK"), "the week's workbook got %d" % status)
    rows = [[c.value for c in r] for r in openpyxl.load_workbook(io.BytesIO(body)).worksheets[0].iter_rows()]
    w001 = next((r for r in rows if r and r[0] == "W001"), None)
    check(w001 is not None and float(cell.text) in w001, "W001's row in the workbook: %r" % w001)


def pdf_text(body):
    """What poppler reads in a PDF: (pdfinfo's output, pdftotext's)."""
    with tempfile.NamedTemporaryFile(suffix=".pdf") as pdf:
        pdf.write(body)
        pdf.flush()
        info = subprocess.run(["pdfinfo", pdf.name], capture_output=True, text=True).stdout
        text = subprocess.run(["pdftotext", "-layout", pdf.name, "-"], capture_output=True, text=True).stdout
    return info, text


def check_calendar_files(driver, base, session):
    """The calendars to sign: one employee's from their page, everyone's from the register."""
    month = YESTERDAY[:7]
    driver.get(base + "/employees/W001?month=" + month)
    link = driver.find_element(By.CSS_SELECTOR, "a[href='/employees/W001/calendar.pdf?month=%s']" % month)
    status, headers, body = download(link.get_attribute("href"), session)
    check(status == 200 and body.startswith(b"%PDF-"), "W001's calendar got %d" % status)
    check(headers.get("Content-Disposition") == 'attachment; filename="calendar-W001-%s.pdf"' % month,
          "the calendar is sent as %r" % headers.get("Content-Disposition"))
    info, text = pdf_text(body)
    check("Pages:           1" in info and "(A4)" in info, "W001's calendar is not one A4 page:\n" + info)
    check("W001" in text and "Asha Rao" in text and "signature" in text, "poppler reads in W001's calendar:\n" + text)

    driver.get(base + "/register?month=" + month)
    link = driver.find_element(By.CSS_SELECTOR, "a[href='/calendars.pdf?month=%s&paper=letter']" % month)
    status, _, body = download(link.get_attribute("href"), session)
    info, text = pdf_text(body)
    check(status == 200 and "Pages:           3" in info and "(letter)" in info,
          "everyone's calendars got %d:\n%s" % (status, info))
    check(all(code in text for code in ["W001", "W002", "W003", "Mira Das"]), "poppler reads in the calendars:\n" + text)
    status, _, body = download(base + "/calendars.pdf?month=2019-01", session)
    check(status == 400 and b"no one was employed in January 2019" in body, "a month of nobody got %d" % status)
    status, _, _ = download(base + "/employees/NOPE1/calendar.pdf?month=" + month, session)
    check(status == 400, "an unknown employee's calendar got %d" % status)


def multipart(url, fields, filename, content, cookie):
    """A multipart/form-data POST outside the browser, as an upload form sends it: (status, body)."""
    boundary = "----console-test-boundary"
    parts = []
    for key, value in fields.items():
        parts.append(("--%s\r\nContent-Disposition: form-data; name=\"%s\"\r\n\r\n%s\r\n"
                      % (boundary, key, value)).encode())
    parts.append(("--%s\r\nContent-Disposition: form-data; name=\"file\"; filename=\"%s\"\r\n"
                  "Content-Type: text/calendar\r\n\r\n" % (boundary, filename)).encode() + content + b"\r\n")
    parts.append(("--%s--\r\n" % boundary).encode())
    headers = {"Cookie": "attendance_session=" + cookie,
               "Content-Type": "multipart/form-data; boundary=" + boundary}
    try:
        response = urllib.request.urlopen(urllib.request.Request(url, data=b"".join(parts), headers=headers))
        return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def sign_in(driver, base, name, password):
    driver.get(base + "/login")
    driver.find_element(By.ID, "name").send_keys(name)
    driver.find_element(By.ID, "password").send_keys(password)
    submit(driver, driver.find_element(By.CSS_SELECTOR, "form.login button"))


def submit(driver, button):
    """Clicks a form's button (or a link) and waits for the page it leads to: its main text."""
    old = driver.find_element(By.TAG_NAME, "html")
    button.click()

    def replaced(_):
        # While the browser swaps documents, asking after the old one fails in more than one way
        # (stale, or "does not belong to the document"): any of them means it is gone.
        try:
            old.is_enabled()
            return False
        except WebDriverException:
            return True

    WebDriverWait(driver, 60).until(replaced)
    WebDriverWait(driver, 60, ignored_exceptions=(WebDriverException,)).until(
        lambda d: d.execute_script("return document.readyState") == "complete")
    return WebDriverWait(driver, 60, ignored_exceptions=(WebDriverException,)).until(
        lambda d: d.find_element(By.TAG_NAME, "main").text)


def shown_as_text(driver, page, texts):
    """Checks that the page's main text has each of `texts`, and that none of it ran as script."""
    main = driver.find_element(By.TAG_NAME, "main").text
    for expected in texts:
        check(expected in main, "%s lacks %r:\n%s" % (page, expected, main))
    try:
        driver.switch_to.alert
        fail("a name ran as script on " + page)
    except NoAlertPresentException:
        pass


def shot(driver, folder, name):
    driver.save_screenshot(folder + "/" + name + ".png")


def main(base, shots, state):
    driver = browser()
    try:
        # Every page needs a session: the browser is sent to sign in, and back afterwards.
        driver.get(base + "/register")
        check("/login?next=%2Fregister" in driver.current_url, "not sent to sign in: " + driver.current_url)
        driver.find_element(By.ID, "name").send_keys("boss")
        driver.find_element(By.ID, "password").send_keys("wrong password here")
        submit(driver, driver.find_element(By.CSS_SELECTOR, "form.login button"))
        check("do not match an account" in driver.page_source, "a wrong password was not refused")
        sign_in(driver, base, "boss", PASSWORD)
        check(driver.current_url.rstrip("/") == base, "not on today's page after signing in: " + driver.current_url)
        cookie = driver.get_cookie("attendance_session")
        check(cookie is not None and cookie["httpOnly"] and cookie.get("sameSite") == "Strict",
              "the session cookie is not HttpOnly and SameSite=Strict: %r" % cookie)

        # Today: who is in, who is late, and a hostile name shown as text.
        shown_as_text(driver, "today's page", ["In now (2)", "Asha Rao", "<script>alert('x')</script>",
                                               "Late today (1)", "late by 30 min", "Not come yet (1)", "Mira Das"])
        check("&lt;script&gt;" in driver.page_source, "the hostile name is not escaped in the HTML")
        shot(driver, shots, "today")

        # The register: coloured cells, each linking to its day.
        driver.get(base + "/register?month=" + YESTERDAY[:7])
        cell = driver.find_element(By.CSS_SELECTOR, "a[href='/employees/W001/days/%s']" % YESTERDAY)
        check(cell.text == "P", "W001's cell yesterday reads %r, not P" % cell.text)
        colour = cell.find_element(By.XPATH, "..").value_of_css_property("background-color")
        check(colour in ("rgba(46, 125, 50, 1)", "rgb(46, 125, 50)"), "a P cell is painted %s, not green" % colour)
        missing = driver.find_element(By.CSS_SELECTOR, "a[href='/employees/W003/days/%s']" % YESTERDAY)
        check(missing.text == "M", "W003's cell yesterday reads %r, not M" % missing.text)
        shot(driver, shots, "register")
        submit(driver, cell)
        check(driver.current_url.endswith("/employees/W001/days/" + YESTERDAY), "the cell led to " + driver.current_url)
        day = driver.find_element(By.TAG_NAME, "main").text
        for expected in ["P — present", "09:00", "17:30", "IN", "OUT", "OfficeNet", "Lobby"]:
            check(expected in day, "the day page lacks %r:\n%s" % (expected, day))
        shot(driver, shots, "day")
        # A punch re-timed from the day page: the OUT at 17:30 was really 18:00.
        retime = driver.find_elements(By.CSS_SELECTOR, "form[action$='/correct'] input[name='action'][value='retime']")
        check(len(retime) == 2, "the day page offers %d re-time forms, not 2" % len(retime))
        form = retime[1].find_element(By.XPATH, "..")
        at = form.find_element(By.NAME, "at")
        at.clear()
        at.send_keys(YESTERDAY + " 18:00")
        form.find_element(By.NAME, "reason").send_keys("left at six, kiosk was busy")
        day = submit(driver, form.find_element(By.CSS_SELECTOR, "button"))
        # The IN was stamped a moment after 09:00:00 and worked time counts to the second.
        check("Worked: 8h 59m" in day or "Worked: 9h 00m" in day, "the re-time did not add half an hour:\n" + day)
        for expected in ["Re-timed punch 3: OUT %s 18:00" % YESTERDAY,
                         "re-timed by boss via web", "left at six, kiosk was busy"]:
            check(expected in day, "after the re-time the day page lacks %r:\n%s" % (expected, day))
        shot(driver, shots, "day-corrected")
        driver.get(base + "/audit?month=" + YESTERDAY[:7])
        audit = driver.find_element(By.TAG_NAME, "main").text
        check("boss via web" in audit and "left at six" in audit, "the audit page lacks the re-time:\n" + audit)
        # In words, as `attendance audit` says it, not the recorded JSON.
        check(("re-timed punch 3 of " in audit) and ("18:00 on %s" % YESTERDAY in audit) and '{"' not in audit,
              "the audit page does not word the re-time:\n" + audit)
        shot(driver, shots, "audit")
        driver.get(base + "/health")
        health = driver.find_element(By.TAG_NAME, "main").text
        check("The store is sound" in health and "synchronous=2" in health, "the health page says:\n" + health)
        shot(driver, shots, "health")
        driver.get(base + "/employees/W001")
        check("Days present" in driver.page_source, "the employee's calendar has no figures")
        shot(driver, shots, "employee")

        # A forgotten mark-out closed with a reason; the list says what was done.
        driver.get(base + "/missing")
        rows = driver.find_element(By.TAG_NAME, "main").text
        check("Mira Das" in rows and YESTERDAY in rows, "W003's forgotten mark-out is not listed:\n" + rows)
        shot(driver, shots, "missing")
        form = driver.find_element(By.CSS_SELECTOR, "form[action='/missing/close']")
        at = form.find_element(By.NAME, "at")
        at.clear()
        at.send_keys(YESTERDAY + " 18:00")
        form.find_element(By.NAME, "reason").send_keys("forgot to mark out")
        done = submit(driver, form.find_element(By.CSS_SELECTOR, "button"))
        check("Recorded: Mira Das OUT at %s 18:00" % YESTERDAY in done, "no confirmation:\n" + done)
        check("No missing mark-outs." in done, "the closed mark-out is still listed:\n" + done)
        shot(driver, shots, "missing-closed")

        session = driver.get_cookie("attendance_session")["value"]
        csrf = driver.find_element(By.NAME, "csrf").get_attribute("value")
        check_register_files(base, session, YESTERDAY[:7])
        check_hours(driver, base, shots, session)
        check_calendar_files(driver, base, session)
        check_register_choices(base, session)

        # Forms from elsewhere, malformed parameters, unknown pages, large bodies.
        status, _, body = request(base + "/missing/close",
                                  {"code": "W001", "in": "1", "at": YESTERDAY + " 20:00", "reason": "forged"},
                                  cookie=session)
        check(status == 403 and "security token" in body, "a form without its token got %d" % status)
        status, _, body = request(base + "/requests/approve", {"id": "1"}, cookie=session)
        check(status == 403 and "security token" in body, "an approval without its token got %d" % status)
        status, _, body = request(base + "/register?month=2026-13", cookie=session)
        check(status == 400 and "2026-13" in body, "a malformed month got %d: %s" % (status, body[:300]))
        status, _, _ = request(base + "/no/such/page", cookie=session)
        check(status == 404, "an unknown page got %d" % status)
        status, _, _ = request(base + "/employees/NOPE1", cookie=session)
        check(status == 400, "an unknown employee got %d" % status)
        status, _, _ = request(base + "/missing/close", b"reason=" + b"x" * 100000, cookie=session)
        check(status == 413, "a 100 KB form got %d" % status)
        status, headers, _ = request(base + "/", cookie=session)
        check(status == 200, "today's page got %d" % status)
        csp = headers.get("Content-Security-Policy", "")
        check("frame-ancestors 'none'" in csp and "script-src" not in csp and "default-src 'none'" in csp,
              "Content-Security-Policy: " + csp)
        check(headers.get("Cache-Control") == "no-store", "Cache-Control: %s" % headers.get("Cache-Control"))
        check(headers.get("X-Frame-Options") == "DENY", "X-Frame-Options: %s" % headers.get("X-Frame-Options"))

        # Signing out ends the session for good.
        submit(driver, driver.find_element(By.CSS_SELECTOR, "form.logout button"))
        check("/login" in driver.current_url, "signing out did not lead to the sign-in page")
        status, headers, _ = request(base + "/", cookie=session)
        check(status == 303 and headers.get("Location", "").startswith("/login"), "a signed-out session still works")

        # A viewer reads but cannot change.
        sign_in(driver, base, "eve", PASSWORD)
        driver.get(base + "/missing")
        check(not driver.find_elements(By.CSS_SELECTOR, "form[action='/missing/close']"), "a viewer is offered a form")
        driver.get(base + "/employees/W001/days/" + YESTERDAY)
        check("re-timed by boss via web" in driver.page_source, "the viewer does not see the day")
        check(not driver.find_elements(By.CSS_SELECTOR, "form[action$='/correct']"), "a viewer is offered corrections")
        driver.get(base + "/missing")
        viewer = driver.get_cookie("attendance_session")["value"]
        token = driver.find_element(By.NAME, "csrf").get_attribute("value")
        status, _, body = request(base + "/missing/close",
                                  {"csrf": token, "code": "W001", "in": "1", "at": YESTERDAY + " 20:00",
                                   "reason": "a viewer's try"}, cookie=viewer)
        check(status == 403 and "may look but not change" in body, "a viewer's change got %d" % status)

        # Guessing: the sixth wrong password waits, for a real name and an unknown one alike.
        for name in ["nobody", "eve"]:
            answers = [request(base + "/login", {"name": name, "password": "not the password"})[0] for _ in range(6)]
            check(answers == [401] * 5 + [429], "wrong passwords for %s answered %r" % (name, answers))

        with open(state, "w") as out:
            json.dump({"session": viewer, "csrf": token, "boss_csrf": csrf}, out)
    finally:
        driver.quit()
    print("console: every check passed")


def central(base, shots, state):
    """At a desk of the central store: kiosk b's punch of today, kiosk a's forgotten mark-out."""
    driver = browser()
    try:
        sign_in(driver, base, "boss", PASSWORD)
        today = driver.find_element(By.TAG_NAME, "main").text
        check("In now (1)" in today and "Worker 2" in today, "kiosk b's punch is not on today's page:\n" + today)
        check("HQ lobby (kiosk-b)" in today, "today's page does not say Worker 2 came in at kiosk-b:\n" + today)
        rows = [row.text for row in driver.find_elements(By.CSS_SELECTOR, "section table tbody tr")]
        check(len(rows) == 2 and rows[0].startswith("kiosk-a 0 ") and rows[1].startswith("kiosk-b 1 "),
              "the kiosks' table reads %r" % rows)
        check("never" not in rows[0] and "never" not in rows[1], "a kiosk that synced shows 'never': %r" % rows)
        shot(driver, shots, "central-today")
        driver.get(base + "/missing")
        form = driver.find_element(By.CSS_SELECTOR, "form[action='/missing/close']")
        at = form.find_element(By.NAME, "at")
        at.clear()
        at.send_keys(YESTERDAY + " 18:00")
        form.find_element(By.NAME, "reason").send_keys("forgot to mark out at kiosk a")
        done = submit(driver, form.find_element(By.CSS_SELECTOR, "button"))
        check("Recorded: Worker 1 OUT at %s 18:00" % YESTERDAY in done, "no confirmation:\n" + done)
        shot(driver, shots, "central-missing-closed")
    finally:
        driver.quit()
    print("console: the desk's checks passed")


def calendar(events):
    """An iCalendar file of all-day events: (YYYYMMDD, summary) pairs; a None summary is left out."""
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//console test//EN"]
    for number, (day, summary) in enumerate(events):
        lines += ["BEGIN:VEVENT", "UID:event-%d@test" % number, "DTSTART;VALUE=DATE:" + day]
        if summary is not None:
            lines.append("SUMMARY:" + summary)
        lines.append("END:VEVENT")
    return ("\r\n".join(lines + ["END:VCALENDAR"]) + "\r\n").encode()


def fill(form, values):
    """Types each value into the form's field of that name, replacing what was there."""
    for name, value in values.items():
        field = form.find_element(By.NAME, name)
        field.clear()
        field.send_keys(value)


def admin(base, shots, state):
    """A manager administers the office in the browser; a viewer reads and is refused."""
    # Holidays of next year: none of them falls on the leave granted below, whatever the scenario's date.
    year = int(YESTERDAY[:4]) + 1
    later = (datetime.date.fromisoformat(YESTERDAY) + datetime.timedelta(days=3)).isoformat()
    folder = os.path.dirname(state)
    driver = browser()
    try:
        sign_in(driver, base, "boss", PASSWORD)

        # An employee added through the page, with a PIN made up and shown once. The first try, with
        # a shift ending at 18:75, is refused with the reason, and what was typed stays in the form.
        driver.get(base + "/employees")
        form = driver.find_element(By.CSS_SELECTOR, "form[action='/employees']")
        typed = {"code": "W004", "name": "Ravi Kumar", "start": YESTERDAY, "shift_start": "10:00",
                 "shift_end": "18:75"}
        fill(form, typed)
        form.find_element(By.NAME, "generate").click()
        refused = submit(driver, form.find_element(By.CSS_SELECTOR, "button"))
        problem = driver.find_element(By.CSS_SELECTOR, "main p.problem").text
        check("18:75" in problem and "Added" not in refused, "a shift ending at 18:75 was not refused:\n" + refused)
        form = driver.find_element(By.CSS_SELECTOR, "form[action='/employees']")
        kept = {name: form.find_element(By.NAME, name).get_attribute("value") for name in typed}
        check(kept == typed, "the refused form kept %r of %r" % (kept, typed))
        check(form.find_element(By.NAME, "generate").is_selected(), "the refused form lost its ticked box")
        options = [option.text for option in form.find_elements(By.CSS_SELECTOR, "select[name='language'] option")]
        check(options == ["the office's", "English", "Français", "Español"], "the language choices read %r" % options)
        shot(driver, shots, "employee-refused")
        fill(form, {"shift_end": "18:30"})
        added = submit(driver, form.find_element(By.CSS_SELECTOR, "button"))
        check("Added W004 Ravi Kumar, employed from " + YESTERDAY in added, "no confirmation:\n" + added)
        check("The new PIN for W004 is " in added, "the made-up PIN is not shown:\n" + added)
        check("10:00–18:30" in added, "the own shift is not shown:\n" + added)
        shot(driver, shots, "employee-added")
        driver.get(base + "/employees/W004/manage")
        check("The new PIN" not in driver.find_element(By.TAG_NAME, "main").text, "the PIN is shown a second time")

        # The PIN reset with one typed.
        form = driver.find_element(By.CSS_SELECTOR, "form[action='/employees/W004/pin']")
        fill(form, {"pin": "4711"})
        done = submit(driver, form.find_element(By.CSS_SELECTOR, "button"))
        check("PIN set for W004." in done, "no confirmation of the PIN:\n" + done)
        shot(driver, shots, "employee-manage")
        # The same page on a phone: one column, every form within the screen's width.
        driver.set_window_size(390, 2400)
        width = driver.execute_script("return document.documentElement.scrollWidth")
        check(width <= 390, "the employee's page is %d px wide on a 390 px phone" % width)
        shot(driver, shots, "employee-manage-phone")
        driver.set_window_size(1400, 1000)

        # The list: the new employee, and the hostile name as text.
        driver.get(base + "/employees")
        shown_as_text(driver, "the employees page", ["Ravi Kumar", "<script>alert('x')</script>", "Asha Rao"])
        shot(driver, shots, "employees")

        # An access point allowed.
        driver.get(base + "/wifi")
        form = driver.find_element(By.CSS_SELECTOR, "form[action='/wifi']")
        fill(form, {"bssid": "AA-BB-CC-DD-EE-02", "ssid": "Upstairs", "location": "First floor"})
        done = submit(driver, form.find_element(By.CSS_SELECTOR, "button"))
        check("Allowed aa:bb:cc:dd:ee:02 (Upstairs) at First floor." in done, "no confirmation:\n" + done)
        shot(driver, shots, "wifi")

        # A calendar with an unreadable event is refused whole; a good one is imported.
        broken = os.path.join(folder, "broken.ics")
        with open(broken, "wb") as out:
            out.write(calendar([("%d0126" % year, "Broken Republic Day"), ("%d0815" % year, None)]))
        driver.get(base + "/holidays")
        form = driver.find_element(By.CSS_SELECTOR, "form[action='/holidays/import']")
        form.find_element(By.NAME, "file").send_keys(broken)
        refused = submit(driver, form.find_element(By.CSS_SELECTOR, "button"))
        check("cannot be read" in refused and "nothing was imported" in refused and "line 9" in refused,
              "a broken calendar was not refused:\n" + refused)
        shot(driver, shots, "holidays-refused")
        good = os.path.join(folder, "holidays.ics")
        with open(good, "wb") as out:
            out.write(calendar([("%d0126" % year, "Republic Day"), ("%d0815" % year, "Independence Day")]))
        driver.get(base + "/holidays")
        form = driver.find_element(By.CSS_SELECTOR, "form[action='/holidays/import']")
        form.find_element(By.NAME, "file").send_keys(good)
        done = submit(driver, form.find_element(By.CSS_SELECTOR, "button"))
        check("Imported 2 holidays from holidays.ics." in done and "Independence Day" in done, "no import:\n" + done)
        shot(driver, shots, "holidays")

        # Leave granted, with its type and a reason.
        driver.get(base + "/leave?month=" + later[:7])
        form = driver.find_element(By.CSS_SELECTOR, "form[action='/leave']")
        Select(form.find_element(By.NAME, "code")).select_by_value("W001")
        Select(form.find_element(By.NAME, "type")).select_by_value("sick")
        fill(form, {"from": later, "reason": "family visit"})
        done = submit(driver, form.find_element(By.CSS_SELECTOR, "button"))
        check("Recorded full-day sick (SL) leave for W001 on " + later in done and "family visit" in done,
              "no leave recorded:\n" + done)
        shot(driver, shots, "leave")
        # Sick leave yesterday, when W002 did not come: the register's legend names the type beside
        # its code, and the day says which leave it was.
        form = driver.find_element(By.CSS_SELECTOR, "form[action='/leave']")
        Select(form.find_element(By.NAME, "code")).select_by_value("W002")
        Select(form.find_element(By.NAME, "type")).select_by_value("sick")
        fill(form, {"from": YESTERDAY, "reason": "fever"})
        done = submit(driver, form.find_element(By.CSS_SELECTOR, "button"))
        check("Recorded full-day sick (SL) leave for W002 on " + YESTERDAY in done, "no leave recorded:\n" + done)
        driver.get(base + "/register?month=" + YESTERDAY[:7])
        cell = driver.find_element(By.CSS_SELECTOR, "a[href='/employees/W002/days/%s']" % YESTERDAY)
        check(cell.text == "SL", "W002's cell yesterday reads %r, not SL" % cell.text)
        legend = driver.find_element(By.CSS_SELECTOR, "p.legend").text
        check("SL sick" in legend, "the register's legend has no sick leave: " + legend)
        cell.click()
        status = driver.find_element(By.CSS_SELECTOR, "p.status").text
        check(status.startswith("SL") and status.endswith("(sick)"), "the day of sick leave reads: " + status)

        session = driver.get_cookie("attendance_session")["value"]
        csrf = driver.find_element(By.NAME, "csrf").get_attribute("value")
        # An upload over 1 MB is refused before it is read; one without the token changes nothing.
        status, _ = multipart(base + "/holidays/import", {"csrf": csrf}, "big.ics", b"x" * (1100 * 1024), session)
        check(status == 413, "a 1.1 MB upload got %d" % status)
        status, body = multipart(base + "/holidays/import", {}, "holidays.ics",
                                 calendar([("%d0704" % year, "Forged Day")]), session)
        check(status == 403 and "security token" in body, "an upload without its token got %d" % status)
        status, _, body = request(base + "/wifi", {"csrf": csrf, "bssid": "zz", "location": "x"}, cookie=session)
        check(status == 400 and "BSSID" in body, "a malformed BSSID got %d" % status)
        # What a refused form sent comes back escaped in its field, never as markup.
        hostile = '"><script>alert(1)</script>'
        status, _, body = request(base + "/wifi", {"csrf": csrf, "bssid": "zz", "location": hostile}, cookie=session)
        check(status == 400 and 'value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"' in body
              and "<script>" not in body, "a refused form's hostile value came back as: %d %s" % (status, body[:2000]))
        submit(driver, driver.find_element(By.CSS_SELECTOR, "form.logout button"))

        # A viewer sees the lists and no form; a change sent anyway is refused.
        sign_in(driver, base, "eve", PASSWORD)
        for page, expected in [("/employees", "Ravi Kumar"), ("/employees/W004/manage", "W004"),
                               ("/wifi", "First floor"), ("/holidays?year=%d" % year, "Independence Day"),
                               ("/leave?month=" + later[:7], "family visit"),
                               ("/requests", "No requests are waiting")]:
            driver.get(base + page)
            text = driver.find_element(By.TAG_NAME, "main").text
            check(expected in text, "the viewer's %s lacks %r:\n%s" % (page, expected, text))
            forms = driver.find_elements(By.CSS_SELECTOR, "main form")
            check(not forms, "the viewer is offered %d forms on %s" % (len(forms), page))
        shot(driver, shots, "leave-viewer")
        viewer = driver.get_cookie("attendance_session")["value"]
        token = driver.find_element(By.NAME, "csrf").get_attribute("value")
        for path, fields in [("/employees", {"code": "W009", "name": "a viewer's try"}),
                             ("/wifi", {"bssid": "aa:bb:cc:dd:ee:09", "location": "a viewer's try"}),
                             ("/employees/W004/pin", {"pin": "1234"}),
                             ("/leave", {"code": "W001", "from": later, "reason": "a viewer's try"}),
                             ("/requests/approve", {"id": "1"}),
                             ("/requests/refuse", {"id": "1", "reason": "a viewer's try"})]:
            fields["csrf"] = token
            status, _, body = request(base + path, fields, cookie=viewer)
            check(status == 403 and "may look but not change" in body, "a viewer's POST %s got %d" % (path, status))
        status, _ = multipart(base + "/holidays/import", {"csrf": token}, "holidays.ics",
                              calendar([("%d0704" % year, "Viewer Day")]), viewer)
        check(status == 403, "a viewer's upload got %d" % status)
    finally:
        driver.quit()
    print("console: the administration checks passed")


def expired(base, shots, state):
    with open(state) as saved:
        viewer = json.load(saved)["session"]
    status, headers, _ = request(base + "/register", cookie=viewer)
    check(status == 303 and headers.get("Location", "").startswith("/login"),
          "a session idle for 31 minutes still works (%d)" % status)
    print("console: the idle session ended")


if __name__ == "__main__":
    phase, base, shots, state, YESTERDAY = sys.argv[1:6]
    base = base.rstrip("/")
    {"main": main, "expired": expired, "central": central, "admin": admin}[phase](base, shots, state)
