"""Headless Chromium for the replay page's tests (tests/test_replay_browser.py), driven by Selenium.

The browser is the system's (Debian: `apt-get install chromium chromium-driver`; .ci/run installs
it); a browser a pip package downloads cannot be fetched here.  Where it or Selenium is missing
the page tests are skipped with SKIP_REASON, and the test session says so in one line
(tests/conftest.py `pytest_terminal_summary`).
"""
import shutil

SKIP_REASON = ("replay page tests skipped (no headless Chromium or no selenium): install them with "
               "`apt-get install -y chromium chromium-driver` and `pip install -e '.[test]'`")
BROWSERS = ("chromium", "chromium-browser", "google-chrome")


def missing():
    """Why the browser tests cannot run here (None: they can)."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium"
    if not any(shutil.which(b) for b in BROWSERS) or not shutil.which("chromedriver"):
        return "chromium"
    return None


def chromium(width=1400, height=1000):
    """A headless Chromium with its performance log on (every request the page makes)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = next(shutil.which(b) for b in BROWSERS if shutil.which(b))
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={width},{height}", "--no-first-run", "--disable-extensions",
                "--disable-background-networking", "--disable-component-update", "--disable-sync"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    return webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver")))


def requests_made(driver):
    """URLs the pages loaded so far asked for (the performance log's Network.requestWillBeSent)."""
    import json
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls
