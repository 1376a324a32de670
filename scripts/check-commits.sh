#!/usr/bin/env bash
# Checks the messages of the commits since the rule began (or since $1): a subject of at most 72 characters, in the
# imperative ("Add tile grid shape", not "Added …" or "Adds …"), capitalised, without a trailing period, and a blank
# line before any body. The why, the figures and the trade-offs go in the body.
#
#   bash scripts/check-commits.sh            # every commit after the one where the rule began
#   bash scripts/check-commits.sh REV        # every commit after REV
#   bash scripts/check-commits.sh --message FILE   # one message (the commit-msg hook: scripts/hooks/commit-msg)
#
# Prints one line per commit checked and fails on the first rule broken by any of them.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# The last commit written before the rule (its own subject, and its predecessors', were not held to it).
RULE_BEGAN="bf7c307"

# First words of subjects that are not imperative: past tense and third person of the verbs commits use most
# (not "Split" or "Put", whose past tense is their imperative).
NOT_IMPERATIVE='^(Added|Adds|Fixed|Fixes|Updated|Updates|Changed|Changes|Removed|Removes|Moved|Moves|Made|Makes|Renamed|Renames|Improved|Improves|Refactored|Refactors|Replaced|Replaces|Wrote|Writes|Splits|Merged|Merges|Used|Uses|Dropped|Drops|Kept|Keeps|Tested|Tests|Documented|Documents|Measured|Measures)$'

problems=0

# check_message NAME MESSAGE: prints what is wrong with the message, if anything.
check_message() {
    local name="$1" message="$2" subject second first
    subject="$(sed -n 1p <<<"$message")"
    second="$(sed -n 2p <<<"$message")"
    first="${subject%% *}"
    local bad=()
    [ "${#subject}" -le 72 ] || bad+=("subject is ${#subject} characters (at most 72)")
    [ -n "$subject" ] || bad+=("empty subject")
    [[ "$subject" =~ ^[A-Z] ]] || bad+=("subject does not start with a capital letter")
    [[ "$subject" != *. ]] || bad+=("subject ends with a period")
    if [[ "$first" =~ $NOT_IMPERATIVE ]]; then bad+=("subject is not imperative ('${first}')"); fi
    [ -z "$second" ] || bad+=("no blank line after the subject")
    if [ "${#bad[@]}" -gt 0 ]; then
        printf '!! %s: %s\n' "$name" "$subject" >&2
        printf '   - %s\n' "${bad[@]}" >&2
        problems=$((problems + 1))
    else
        printf 'ok %s: %s\n' "$name" "$subject"
    fi
}

if [ "${1:-}" = "--message" ]; then
    # A message file as git hands it to commit-msg: comment lines are not part of it.
    check_message "message" "$(grep -v '^#' "$2")"
    [ "$problems" -eq 0 ]
    exit
fi

base="${1:-$RULE_BEGAN}"
if git rev-parse --verify --quiet "${base}^{commit}" >/dev/null; then
    range="${base}..HEAD"
elif [ "$(git rev-parse --is-shallow-repository)" = "true" ]; then
    # A shallow clone may not reach back to the rule's start: check what it holds.
    echo "(shallow clone without ${base}: checking the commits it holds)"
    range="HEAD"
else
    echo "!! no commit ${base} in this clone" >&2
    exit 1
fi
count=0
while read -r commit; do
    count=$((count + 1))
    check_message "${commit:0:10}" "$(git log -1 --format=%B "$commit")"
done < <(git rev-list --reverse "$range")
echo "${count} commit(s) since ${base} checked, ${problems} with a problem"
[ "$problems" -eq 0 ]
