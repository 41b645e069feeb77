#!/usr/bin/env bash
# The pre-commit hooks of .pre-commit-hooks.yaml, as a design team uses them.
#
#   Tests/precommit/run.sh REPO LOGOC [--swift-hook]
#
# REPO is a logoc working tree (its .pre-commit-hooks.yaml is tested as it is
# on disk, committed or not); LOGOC is a built logoc binary, put on PATH as
# `logoc` for the `language: system` hook. With --swift-hook, the
# `language: swift` hook is also run once (pre-commit builds logoc itself with
# `swift build -c release`: minutes, and it needs swift-argument-parser from
# the network or SwiftPM's cache).
#
# Uses Debian's pre-commit (installed with apt-get when missing); with
# LOGOC_PRECOMMIT_VERBOSE=1 it shows pre-commit's output for every check. Prints
# "N passed, N failed" and exits non-zero when a check failed.
set -uo pipefail

if [ $# -lt 2 ]; then
  echo "usage: $0 REPO LOGOC [--swift-hook]" >&2
  exit 2
fi
REPO=$(cd "$1" && pwd) || exit 2
LOGOC=$(readlink -f "$2") || exit 2
SWIFT_HOOK=0
[ "${3:-}" = "--swift-hook" ] && SWIFT_HOOK=1
[ -x "$LOGOC" ] || { echo "not an executable: $LOGOC" >&2; exit 2; }
[ -f "$REPO/.pre-commit-hooks.yaml" ] || { echo "no .pre-commit-hooks.yaml in $REPO" >&2; exit 2; }

# PRE_COMMIT=/path/to/pre-commit picks another pre-commit (Debian's 3.0.4 runs
# `swift build -C`, which Swift 5.8+ refuses: the swift hook needs 3.2.2+).
PRE_COMMIT=${PRE_COMMIT:-pre-commit}
if [ "$PRE_COMMIT" = pre-commit ] && ! command -v pre-commit >/dev/null 2>&1; then
  echo "installing pre-commit (apt-get)"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends pre-commit; } >/dev/null \
    || { echo "could not install pre-commit" >&2; exit 2; }
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/logoc-precommit.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
export PRE_COMMIT_HOME="$WORK/cache"     # no clones left in ~/.cache
export PRE_COMMIT_COLOR=never
export GIT_CONFIG_GLOBAL="$WORK/gitconfig" GIT_CONFIG_NOSYSTEM=1
git config --global user.name "logoc test"
git config --global user.email "test@logoc.invalid"
git config --global init.defaultBranch main
git config --global advice.detachedHead false
mkdir -p "$WORK/bin"
ln -s "$LOGOC" "$WORK/bin/logoc"
export PATH="$WORK/bin:$PATH"

passed=0
failed=0
# LOGOC_PRECOMMIT_VERBOSE=1 shows what pre-commit printed for passing checks too.
pass() { passed=$((passed + 1)); echo "ok   $1"; [ -n "${LOGOC_PRECOMMIT_VERBOSE:-}" ] && sed 's/^/     | /' <<<"$out"; true; }
fail() { failed=$((failed + 1)); echo "FAIL $1"; [ -n "${2:-}" ] && sed 's/^/     | /' <<<"$2"; }

# The hook repository: try-repo and `repo:` need a git repository with the
# hooks file committed, so the working tree (tracked and untracked files, not
# ignored ones) is copied into one and committed.
HOOKS="$WORK/hooks"
mkdir -p "$HOOKS"
if git -C "$REPO" rev-parse --git-dir >/dev/null 2>&1; then
  (cd "$REPO" && git ls-files -z -co --exclude-standard | xargs -0 -r cp --parents -t "$HOOKS" 2>/dev/null)
else
  (cd "$REPO" && tar --exclude='./.build*' -cf - .) | (cd "$HOOKS" && tar -xf -)
fi
cp "$REPO/.pre-commit-hooks.yaml" "$HOOKS/"
(cd "$HOOKS" && git init -q && git add -A && git commit -q -m "logoc hooks under test") || { echo "could not make the hook repository" >&2; exit 2; }
REV=$(git -C "$HOOKS" rev-parse HEAD)

# A design team's repository: logoc.yaml, a partial, a good spec.
PROJECT="$WORK/project"
mkdir -p "$PROJECT/Specs/team"
cd "$PROJECT" || exit 2
git init -q
cat > logoc.yaml <<'EOF'
contrast: AA
palette:
  brand: "#1565C0"
EOF
# The partial leaves the text to the specs: as a spec of its own it would be
# E004 ('text' needs 'content' or 'initials').
cat > Specs/team/_person.yaml <<'EOF'
shape: circle
background: $brand
text:
  font: {weight: 700}
  color: white
EOF
cat > Specs/team/jane.yaml <<'EOF'
extends: _person.yaml
text: {initials: Jane Doe}
EOF
cat > .pre-commit-config.yaml <<EOF
repos:
  - repo: $HOOKS
    rev: $REV
    hooks:
      - id: logoc-check-system
        args: [--require-tracked]
EOF

# 1. pre-commit install, then a commit of good specs (and logoc.yaml, which the hook passes too) is accepted.
out=$("$PRE_COMMIT" install 2>&1) || fail "pre-commit install" "$out"
git add -A
if out=$(git commit -m "good specs" 2>&1); then
  if grep -q "logoc check (installed logoc).*Passed" <<<"$out"; then pass "a commit of good specs is accepted"
  else fail "a commit of good specs is accepted, but the hook did not run" "$out"; fi
else
  fail "a commit of good specs is accepted" "$out"
fi
commits=$(git rev-list --count HEAD 2>/dev/null || echo 0)

# 2. A commit with a bad spec is refused, with its diagnostic.
cat > Specs/team/bob.yaml <<'EOF'
extends: _person.yaml
shape: oval
text: {initials: Bob Stone}
EOF
git add Specs/team/bob.yaml
if out=$(git commit -m "bad spec" 2>&1); then
  fail "a commit with a bad spec is refused" "$out"
elif grep -q "Specs/team/bob.yaml:2:8: error\[E003\]: unknown shape 'oval'" <<<"$out" \
    && [ "$(git rev-list --count HEAD)" = "$commits" ]; then
  pass "a commit with a bad spec is refused with its diagnostic"
else
  fail "a commit with a bad spec is refused with its diagnostic" "$out"
fi

# 3. Fixed, the same commit is accepted.
printf 'extends: _person.yaml\nshape: square\ntext: {initials: Bob Stone}\n' > Specs/team/bob.yaml
git add Specs/team/bob.yaml
if out=$(git commit -m "fixed spec" 2>&1) && [ "$(git rev-list --count HEAD)" = "$((commits + 1))" ]; then
  pass "the fixed spec is accepted"
else
  fail "the fixed spec is accepted" "$out"
fi

# commit_refused NAME PATTERN…: the staged change is refused, nothing is
# committed, and pre-commit's output holds every pattern (grep -E).
commit_refused() {
  local name=$1; shift
  local before; before=$(git rev-list --count HEAD)
  if out=$(git commit -m "$name" 2>&1); then fail "$name" "$out"; return; fi
  [ "$(git rev-list --count HEAD)" = "$before" ] || { fail "$name (something was committed)" "$out"; return; }
  for pattern in "$@"; do grep -qE -- "$pattern" <<<"$out" || { fail "$name (no '$pattern')" "$out"; return; }; done
  pass "$name"
}
# commit_accepted NAME PATTERN…: the staged change is committed, and pre-commit's output holds every pattern.
commit_accepted() {
  local name=$1; shift
  if ! out=$(git commit -m "$name" 2>&1); then fail "$name" "$out"; return; fi
  for pattern in "$@"; do grep -qE -- "$pattern" <<<"$out" || { fail "$name (no '$pattern')" "$out"; return; }; done
  pass "$name"
}

# 3a. A partial changed alone: every spec that extends it is checked, and the
# error in the partial names them (issue 16: it committed "Passed").
sed -i 's/^background: \$brand$/background: "#FFC107"/' Specs/team/_person.yaml
git add Specs/team/_person.yaml
commit_refused "a partial that breaks the specs extending it is refused" \
  "Specs/team/_person.yaml:5:10: error\[E011\]" "note: via 'team/bob' \(Specs/team/bob.yaml\)" "note: via 'team/jane' \(Specs/team/jane.yaml\)"
# ... and the error is printed once, however many specs reach it.
n=$(grep -c "error\[E011\]" <<<"$out")
if [ "$n" = 1 ]; then pass "the partial's error is printed once for two specs"; else fail "the partial's error is printed once for two specs ($n)" "$out"; fi
git checkout -q HEAD -- Specs/team/_person.yaml

# 3b. A new spec that reuses another's name in its folder: E014 against the
# specs not in the commit (it needed a full check).
printf 'extends: _person.yaml\nname: jane\ntext: {initials: Jane Roe}\n' > Specs/team/jane-roe.yaml
git add Specs/team/jane-roe.yaml
commit_refused "a new spec reusing another's name is refused" \
  "Specs/team/jane-roe.yaml:2:7: error\[E014\]: 'Specs/team/jane-roe.yaml' would write 'team/jane.png', which 'Specs/team/jane.yaml' also writes" \
  "note: 'jane' is defined here \(Specs/team/jane.yaml:1:1\)"
# The same name in another folder writes other files: accepted.
mkdir -p Specs/people
git rm -q --cached Specs/team/jane-roe.yaml
mv Specs/team/jane-roe.yaml Specs/people/jane-roe.yaml
sed -i 's/^extends: _person.yaml$/extends: ..\/team\/_person.yaml/' Specs/people/jane-roe.yaml
git add Specs/people/jane-roe.yaml
commit_accepted "the same name in another folder is accepted" "logoc check \(installed logoc\).*Passed"

# 3c. logoc.yaml changed alone: every spec is checked (it was "Skipped").
sed -i 's/"#1565C0"/"#FFC107"/' logoc.yaml
git add logoc.yaml
commit_refused "a logoc.yaml that breaks the specs is refused" \
  "Specs/team/_person.yaml:5:10: error\[E011\]" "note: via 'people/jane' \(Specs/people/jane-roe.yaml\)"
git checkout -q HEAD -- logoc.yaml

# 3d. A spec whose photo is not in git (--require-tracked in the config): E019.
mkdir -p Specs/team/photos
# A 1 × 1 PNG.
echo 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==' | base64 -d > Specs/team/photos/pat.png
printf 'background: {image: photos/pat.png}\n' > Specs/team/pat.yaml
git add Specs/team/pat.yaml
commit_refused "a spec whose photo git does not track is refused" \
  "Specs/team/pat.yaml:1:21: error\[E019\]: 'photos/pat.png' is not tracked by git" "git add 'Specs/team/photos/pat.png'"
git add Specs/team/photos/pat.png
commit_accepted "with its photo, the spec is accepted" "logoc check \(installed logoc\).*Passed"

# 3e. An image changed alone: the specs that use it are checked.
printf 'not a picture' > Specs/team/photos/pat.png
git add Specs/team/photos/pat.png
commit_refused "an image that no longer decodes is refused through its spec" "Specs/team/pat.yaml:1:21: error\[E012\]"
git reset -q -- Specs/team/photos/pat.png
git checkout -q HEAD -- Specs/team/photos/pat.png

# 3f. Warnings reach the committer: the hook is verbose, so a passing commit shows them.
printf 'shape: circle\ncornerRadius: 10%%\nbackground: "#1565C0"\ntext: {initials: Kim Lee, color: white}\n' > Specs/team/kim.yaml
git add Specs/team/kim.yaml
commit_accepted "a passing commit shows its warnings" "logoc check \(installed logoc\).*Passed" "Specs/team/kim.yaml:2:15: warning\[W002\]"

# try-repo: the hook as it is in the hook repository, on chosen files.
try_repo() { "$PRE_COMMIT" try-repo "$HOOKS" "$@" 2>&1; }

# 4. A partial passed alone is checked as a partial: no E004 for the text left to specs...
if out=$(try_repo logoc-check-system --files Specs/team/_person.yaml) && ! grep -q "E004" <<<"$out"; then
  pass "a partial passed alone is checked as a partial (no E004)"
else
  fail "a partial passed alone is checked as a partial (no E004)" "$out"
fi
# ... which is what makes the difference: the same text as a spec is E004.
cp Specs/team/_person.yaml Specs/team/person.yaml
if out=$(try_repo logoc-check-system --files Specs/team/person.yaml); then
  fail "the same text as a spec is refused with E004" "$out"
elif grep -q "Specs/team/person.yaml:4:3: error\[E004\]" <<<"$out"; then
  pass "the same text as a spec is refused with E004"
else
  fail "the same text as a spec is refused with E004" "$out"
fi
rm Specs/team/person.yaml

# 5. A spec passed alone is checked with what it extends: an error in the partial shows.
sed -i 's/^shape: circle$/shape: hexagon/' Specs/team/_person.yaml
if out=$(try_repo logoc-check-system --files Specs/team/jane.yaml); then
  fail "a spec passed alone shows an error in its partial" "$out"
elif grep -q "Specs/team/_person.yaml:1:8: error\[E003\]: unknown shape 'hexagon'" <<<"$out"; then
  pass "a spec passed alone shows an error in its partial"
else
  fail "a spec passed alone shows an error in its partial" "$out"
fi
git checkout -q -- Specs/team/_person.yaml

# 6. Files the hook must not take for specs: pre-commit's own config is not
# passed; logoc.yaml is passed, and checked as the configuration, not a spec.
if out=$(try_repo logoc-check-system --files .pre-commit-config.yaml) \
    && grep -q "logoc check (installed logoc).*no files to check" <<<"$out"; then
  pass ".pre-commit-config.yaml is not passed"
else
  fail ".pre-commit-config.yaml is not passed" "$out"
fi
if out=$(try_repo logoc-check-system --files logoc.yaml) && grep -q "logoc check (installed logoc).*Passed" <<<"$out" \
    && ! grep -q "E002" <<<"$out"; then
  pass "logoc.yaml is checked as the configuration, not as a spec"
else
  fail "logoc.yaml is checked as the configuration, not as a spec" "$out"
fi

# 7. Optionally, the language: swift hook, which pre-commit builds itself.
if [ "$SWIFT_HOOK" = 1 ]; then
  start=$(date +%s)
  if out=$(PATH="${PATH#"$WORK/bin:"}" try_repo logoc-check --files Specs/team/jane.yaml Specs/team/_person.yaml) \
      && grep -q "logoc check.*Passed" <<<"$out"; then
    pass "the language: swift hook builds logoc and passes good specs ($(( $(date +%s) - start )) s)"
  else
    fail "the language: swift hook builds logoc and passes good specs ($(( $(date +%s) - start )) s)" "$(tail -n 30 <<<"$out")"
  fi
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
