#!/usr/bin/env bash
# Builds the small APKs the app market tests read, with Debian's aapt, zipalign and apksigner
# (scripts/install-system-deps.sh installs them) and two throw-away signing keys. The results are
# committed under apps/server/src/modules/appmarket/fixtures, so the tests need none of these tools;
# run this again only to change them.
#
#   demo-v1.apk            com.cpm.demo 1 / 1.0.0, min SDK 21, INTERNET, signed v1+v2+v3 (key A)
#   demo-v2.apk            com.cpm.demo 2 / 1.1.0, adds CAMERA and ACCESS_FINE_LOCATION, v2+v3 only (key A)
#   demo-v3-other-key.apk  com.cpm.demo 3 / 1.2.0, signed v1+v2+v3 with a second key (B)
#   demo-v3-unsigned.apk   com.cpm.demo 3 / 1.2.0, not signed at all
#   demo-v3-min-sdk-33.apk com.cpm.demo 3 / 1.2.0, min SDK 33 (Android 13), v2+v3 (key A)
#   demo-v3.apk            com.cpm.demo 3 / 1.2.0, v1+v2+v3 (key A)
#   tool-v1.apk            com.cpm.tool 1 / 1.0, target SDK 28, label in Chinese, v1 only (key B)
#
# `make-test-apks.sh --big MB FILE` instead builds one signed APK (com.cpm.big) carrying MB of random
# bytes as an asset, for the upload memory benchmark; it is not committed.
set -euo pipefail
out="$(cd "$(dirname "$0")/.." && pwd)/apps/server/src/modules/appmarket/fixtures"
framework=/usr/share/android-framework-res/framework-res.apk
for tool in aapt zipalign apksigner keytool; do
  command -v "$tool" >/dev/null || { echo "missing $tool: run scripts/install-system-deps.sh" >&2; exit 1; }
done
[ -f "$framework" ] || { echo "missing $framework (android-framework-res)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

key() { # name CN
  keytool -genkeypair -keystore "$work/$1.p12" -storetype PKCS12 -storepass secret123 -keypass secret123 \
    -alias "$1" -keyalg RSA -keysize 2048 -validity 10000 -dname "CN=$2, O=Cloud POS Test" >/dev/null 2>&1
}
key a "Demo Publisher"
key b "Other Publisher"

# A 16x16 PNG (a blue square) as the launcher icon.
icon_png() {
  base64 -d >"$1" <<'PNG'
iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR42mOQS7lDEmIY1TCqYfhqAABUaV4QwFrMzgAAAABJRU5ErkJggg==
PNG
}

# build <file> <package> <code> <name> <minSdk> <label> <signing: none|v1|v123|v23> <key> <permission...>
build() {
  local file=$1 pkg=$2 code=$3 name=$4 min=$5 label=$6 signing=$7 keyname=$8
  shift 8
  local dir="$work/src-$file"
  mkdir -p "$dir/res/values" "$dir/res/drawable"
  icon_png "$dir/res/drawable/icon.png"
  {
    echo '<?xml version="1.0" encoding="utf-8"?>'
    echo "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\" package=\"$pkg\""
    echo "    android:versionCode=\"$code\" android:versionName=\"$name\">"
    echo "  <uses-sdk android:minSdkVersion=\"$min\" android:targetSdkVersion=\"${TARGET:-33}\"/>"
    for p in "$@"; do echo "  <uses-permission android:name=\"android.permission.$p\"/>"; done
    echo '  <application android:label="@string/app_name" android:icon="@drawable/icon" android:hasCode="false"/>'
    echo '</manifest>'
  } >"$dir/AndroidManifest.xml"
  printf '<?xml version="1.0" encoding="utf-8"?>\n<resources><string name="app_name">%s</string></resources>\n' \
    "$label" >"$dir/res/values/strings.xml"
  local assets=()
  [ -d "$dir/assets" ] && assets=(-A "$dir/assets")
  aapt package -f -M "$dir/AndroidManifest.xml" -S "$dir/res" "${assets[@]}" -I "$framework" -F "$dir/raw.apk" >/dev/null
  zipalign -f 4 "$dir/raw.apk" "$dir/aligned.apk"
  local target="$out/$file"
  case "$signing" in
    none) cp "$dir/aligned.apk" "$target" ;;
    *)
      local v1=false v2=false v3=false
      case "$signing" in
        v1) v1=true ;;
        v123) v1=true v2=true v3=true ;;
        v23) v2=true v3=true ;;
      esac
      apksigner sign --ks "$work/$keyname.p12" --ks-pass pass:secret123 --ks-key-alias "$keyname" \
        --min-sdk-version "$min" --v1-signing-enabled $v1 --v2-signing-enabled $v2 \
        --v3-signing-enabled $v3 --out "$target" "$dir/aligned.apk"
      rm -f "$target.idsig"
      ;;
  esac
  echo "built $file"
}

if [ "${1:-}" = "--big" ]; then
  mb=$2
  target=$3
  mkdir -p "$work/src-$(basename "$target")/assets"
  head -c "$((mb * 1024 * 1024))" /dev/urandom >"$work/src-$(basename "$target")/assets/payload.bin"
  out="$(dirname "$(realpath -m "$target")")"
  build "$(basename "$target")" com.cpm.big 1 1.0 21 "Big App" v23 a INTERNET
  exit 0
fi

build demo-v1.apk com.cpm.demo 1 1.0.0 21 "Demo Pay" v123 a INTERNET
build demo-v2.apk com.cpm.demo 2 1.1.0 24 "Demo Pay" v23 a INTERNET CAMERA ACCESS_FINE_LOCATION
build demo-v3.apk com.cpm.demo 3 1.2.0 21 "Demo Pay" v123 a INTERNET CAMERA ACCESS_FINE_LOCATION
build demo-v3-other-key.apk com.cpm.demo 3 1.2.0 21 "Demo Pay" v123 b INTERNET
build demo-v3-unsigned.apk com.cpm.demo 3 1.2.0 21 "Demo Pay" none a INTERNET
build demo-v3-min-sdk-33.apk com.cpm.demo 3 1.2.0 33 "Demo Pay" v23 a INTERNET
TARGET=28 build tool-v1.apk com.cpm.tool 1 1.0 19 "收银工具" v1 b INTERNET

# The certificates' SHA-256 as apksigner reads them, for the parser's tests to compare against.
for f in demo-v1 demo-v2 demo-v3-other-key tool-v1; do
  printf '%s %s\n' "$f.apk" "$(apksigner verify --print-certs "$out/$f.apk" | sed -n 's/.*certificate SHA-256 digest: //p' | head -1)"
done >"$out/signers.txt"
cat "$out/signers.txt"
