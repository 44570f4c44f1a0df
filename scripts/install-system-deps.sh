#!/usr/bin/env bash
# Installs what the test suite needs that npm does not provide: Debian's Chromium and its headless
# shell (the browser the end-to-end suite drives), Noto CJK fonts (so Chinese renders in
# screenshots), and the Android build tools that make the app market's test APKs
# (scripts/make-test-apks.sh; the APKs are committed, so only remaking them and the upload benchmark
# use these), rsyslog with its TLS driver (the audit stream's integration test), and what the Linux
# terminal agent's suite drives: CUPS with its PDF printer, gpsd and gpsfake, Xvfb and xdotool.
set -euo pipefail
need=()
command -v "${CHROMIUM_PATH:-/usr/bin/chromium}" >/dev/null 2>&1 || need+=(chromium)
# The browser suite runs on Chromium's headless shell, lighter than the full browser.
[ -n "${CHROMIUM_PATH:-}" ] || command -v chromium-headless-shell >/dev/null 2>&1 || need+=(chromium-headless-shell)
# grep -c reads all of fc-list's output: -q would stop early and fail the pipe under pipefail.
fc-list 2>/dev/null | grep -ci "Noto Sans CJK" >/dev/null || need+=(fonts-noto-cjk)
command -v aapt >/dev/null 2>&1 || need+=(aapt)
command -v apksigner >/dev/null 2>&1 || need+=(apksigner)
command -v zipalign >/dev/null 2>&1 || need+=(zipalign)
[ -f /usr/share/android-framework-res/framework-res.apk ] || need+=(android-framework-res)
# The audit stream's integration test sends to a real rsyslog, plain and over TLS (gtls driver).
command -v rsyslogd >/dev/null 2>&1 || [ -x /usr/sbin/rsyslogd ] || need+=(rsyslog)
compgen -G '/usr/lib/*/rsyslog/lmnsd_gtls.so' >/dev/null || need+=(rsyslog-gnutls)
# The Linux terminal agent's end-to-end suite (apps/agent): a CUPS PDF printer, gpsd with gpsfake,
# an X server without a screen, xwd (screenshots and remote desktop frames), xdotool (remote input),
# xmessage and xset.
command -v cupsd >/dev/null 2>&1 || [ -x /usr/sbin/cupsd ] || need+=(cups)
[ -x /usr/lib/cups/backend/cups-pdf ] || need+=(printer-driver-cups-pdf)
command -v gpsd >/dev/null 2>&1 || [ -x /usr/sbin/gpsd ] || need+=(gpsd)
command -v gpsfake >/dev/null 2>&1 || need+=(gpsd-clients)
command -v Xvfb >/dev/null 2>&1 || need+=(xvfb)
command -v xdotool >/dev/null 2>&1 || need+=(xdotool)
command -v xwd >/dev/null 2>&1 || need+=(x11-apps)
# xmessage: the remote desktop's consent dialog and the notice that a session runs.
command -v xmessage >/dev/null 2>&1 || need+=(x11-utils)
# xset: the screen timeout that configuration policies set on the terminal's display.
command -v xset >/dev/null 2>&1 || need+=(x11-xserver-utils)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "Missing system packages: ${need[*]}. Install them with: sudo apt-get install -y ${need[*]}" >&2
  exit 1
fi
echo "Installing ${need[*]} from Debian's packages..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" fontconfig >/dev/null
