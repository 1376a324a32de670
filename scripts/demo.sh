#!/usr/bin/env bash
# Build everything and serve the sprites demo:
#
#   bash scripts/demo.sh              # then open the printed URL (http://127.0.0.1:8080/)
#   PORT=9000 bash scripts/demo.sh    # another port; HOST=0.0.0.0 to serve beyond this machine
#
# Installs what is missing (scripts/setup.sh; minutes on a fresh machine, a second otherwise), builds the npm
# package (scripts/build-pkg.sh, skipped when nothing changed), builds the demo against it
# (scripts/build-demo.sh), then serves www/dist/ until Ctrl+C.
set -euo pipefail

# shellcheck source=scripts/env.sh
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$SEPAX_ROOT"

bash scripts/setup.sh
bash scripts/build-pkg.sh
bash scripts/build-demo.sh
exec node scripts/serve.mjs www/dist --port "${PORT:-8080}" --host "${HOST:-127.0.0.1}"
