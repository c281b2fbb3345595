#!/usr/bin/env bash
# The translations: extracts the messages of the sources into po/attendance.pot, merges them
# into each language's po/LANG.po, and builds the catalogs into OUT/LANG/LC_MESSAGES/attendance.mo
# (OUT: .build/locale, what the development build and the tests read through ATTENDANCE_LOCALEDIR).
# Fails when the template was out of date, when a catalog has a message untranslated or fuzzy,
# or when a translation drops or invents a {placeholder}.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build/locale}
domain=attendance
template=po/$domain.pot
languages=(fr es)
failed=0

# A message is a single string literal inside tr(…), ctr(…), ntr(…) or Phrase(…): an interpolation
# would make its key change with its value.
if grep -rnE '\b(tr|ctr|ntr|Phrase)\("([^"\\]|\\.)*\\\(' Sources; then
  echo "po: a message above interpolates a value; use a {placeholder} instead" >&2
  exit 1
fi

# Swift's string literals read as C's: the keywords are the three functions of Speech, and Phrase.
fresh=$(mktemp)
trap 'rm -f "$fresh"' EXIT
# The C reader takes Swift's multi-line literals (""") for unterminated strings and says so for
# each: those warnings are dropped, and the check below makes sure no message was lost to them.
find Sources -name '*.swift' | LC_ALL=C sort | xargs xgettext --language=C --from-code=UTF-8 --no-wrap \
  --keyword= --keyword=tr --keyword=Phrase --keyword=ntr:1,2 --keyword=ctr:1c,2 --add-comments=Translators: --add-location=file \
  --sort-by-file --package-name=attendance --msgid-bugs-address="the attendance project's issue tracker" --output="$fresh" \
  2> >(grep -vE 'warning: unterminated (string literal|character constant)' >&2)
missing=$(grep -rhoP '\b(?:tr|ntr|Phrase)\(\s*"\K(?:[^"\\]|\\.)*(?=")|\bctr\(\s*"(?:[^"\\]|\\.)*",\s*"\K(?:[^"\\]|\\.)*(?=")' \
  --include='*.swift' Sources | LC_ALL=C sort -u | while IFS= read -r message; do
  grep -qxF "msgid \"$message\"" "$fresh" || printf '  %s\n' "$message"
done)
if [ -n "$missing" ]; then
  printf 'po: xgettext did not extract these messages of the sources:\n%s\n' "$missing" >&2
  exit 1
fi
sed -i 's/^"Content-Type: text\/plain; charset=CHARSET\\n"/"Content-Type: text\/plain; charset=UTF-8\\n"/' "$fresh"
# The template changes only when a message does, not with its creation date.
strip_date() { grep -v '^"POT-Creation-Date:' "$1"; }
if [ ! -f "$template" ] || ! diff -q <(strip_date "$template") <(strip_date "$fresh") >/dev/null; then
  cp "$fresh" "$template"
  echo "po: $template was out of date with the sources and has been updated; translate what changed in po/*.po" >&2
  failed=1
fi

# Every {placeholder} of a message is in its translation, and no other.
placeholders() { grep -o '{[a-z_]*}' | grep -vx '{n}' | LC_ALL=C sort -u | tr '\n' ' ' || true; }
check_placeholders() {
  export -f placeholders
  # shellcheck disable=SC2016
  msgexec --input="$1" bash -c '
    [ -z "$MSGEXEC_MSGID" ] && exit 0
    want=$( { printf "%s\n" "$MSGEXEC_MSGID"; printf "%s\n" "${MSGEXEC_MSGID_PLURAL:-}"; } | placeholders)
    have=$(cat | placeholders)
    [ "$want" = "$have" ] || { printf "%s: \"%s\" has [ %s] but its translation [ %s]\n" "$MSGEXEC_LOCATION" "$MSGEXEC_MSGID" "$want" "$have" >&2; exit 1; }
  ' >/dev/null
}

for language in "${languages[@]}"; do
  po=po/$language.po
  msgmerge --quiet --update --backup=none --no-wrap --previous "$po" "$template"
  # A message the sources no longer have leaves the catalog: its history is git's.
  msgattrib --no-obsolete --no-wrap --output-file="$po" "$po"
  mkdir -p "$out/$language/LC_MESSAGES"
  statistics=$(msgfmt --check --statistics --output-file="$out/$language/LC_MESSAGES/$domain.mo" "$po" 2>&1)
  echo "po: $language: $statistics"
  case $statistics in
    *fuzzy* | *untranslated*)
      echo "po: $po is incomplete: every message translated, none fuzzy" >&2
      failed=1
      ;;
  esac
  check_placeholders "$po" || { echo "po: $po changes a placeholder" >&2; failed=1; }
done
exit "$failed"
